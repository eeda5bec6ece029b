// The browser client is built into FRONTIER_WEB_OUT (CMake passes <build>/web/dist, which
// frontierd serves) or dist/. No plugins: esbuild compiles the TSX for Preact by itself.
import { defineConfig } from "vite";

export default defineConfig({
  base: "./",
  esbuild: { jsx: "automatic", jsxImportSource: "preact" },
  build: {
    outDir: process.env.FRONTIER_WEB_OUT ?? "dist",
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1024,
  },
  server: {
    // `npm run dev` against a frontierd on :8080 (the WebSocket is same-origin in production).
    proxy: { "/ws": { target: "ws://127.0.0.1:8080", ws: true }, "/api": "http://127.0.0.1:8080" },
  },
});
