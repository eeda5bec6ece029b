// Unit tests of the client's logic (src/**/*.test.ts, beside the code they test): pure functions
// run in Node.js, without a browser or a server. What needs a page is the browser tests' job
// (tests/*.test.mjs). Vitest 2 is built on the Vite 5 the client already uses, and runs on
// Node.js 18 (Debian 12's) as well as on newer ones.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    environment: "node",
    setupFiles: ["./vitest.setup.ts"],
    // One worker, and the modules loaded once for all files: what takes the time is loading the
    // generated protobuf code, not the tests, and CTest runs this beside other suites. The code
    // under test keeps no module state a test could leak into the next.
    pool: "threads",
    poolOptions: { threads: { singleThread: true } },
    isolate: false,
  },
});
