// ESLint for the browser client's own code (src/, not the generated src/gen/). The rule set is
// about bugs, not layout: ESLint's and typescript-eslint's recommended rules plus the type-aware
// ones, which see through the types that tsc already checks (a promise nobody awaits or catches,
// a promise where a callback expects a plain value), and the rules of hooks, which Preact's hooks
// share with React's. Formatting is left to the code as it is.
//
// Versions: ESLint 9 and typescript-eslint 8.55 are the last whose whole dependency tree still
// runs on Node.js 18 (Debian 12's); ESLint 10 and typescript-eslint 8.56+ need Node.js 20.
import { fileURLToPath } from "node:url";
import { defineConfig } from "eslint/config";
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

// import.meta.dirname only arrived in Node.js 20.11.
const here = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig(
  { ignores: ["src/gen/**"] },
  {
    files: ["src/**/*.{ts,tsx}"],
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: here },
    },
    plugins: { "react-hooks": reactHooks },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // A hook called conditionally or in a loop reads another hook's state after a re-render.
      "react-hooks/rules-of-hooks": "error",
      // Not exhaustive-deps: the boards memoise on keys they build from the view's content (the
      // view is a new object on every update, its places are not), which that rule cannot see.
      // `(_, i) => ...` skips an argument the callback does not need.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
);
