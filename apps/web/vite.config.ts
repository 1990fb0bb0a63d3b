/**
 * Vite for the fogwar web client. The workspace packages (@fogwar/protocol, @fogwar/ember, @fogwar/siege,
 * @fogwar/engine) export their TypeScript sources (`main: src/index.ts`), so Vite bundles them
 * from source like the app's own files: they are linked (not pre-bundled) and transformed by Vite.
 * `pnpm dev` proxies /api and the match rooms to a server on :2567 (FOGWAR_SERVER overrides).
 */
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

const server = process.env.FOGWAR_SERVER ?? "http://localhost:2567";
const workspace = ["@fogwar/protocol", "@fogwar/ember", "@fogwar/siege", "@fogwar/engine"];

export default defineConfig({
  plugins: [react()],
  optimizeDeps: { exclude: workspace },
  server: {
    proxy: {
      "/api": server,
      // Colyseus matchmaking (HTTP) and room sockets.
      "/matchmake": server,
      "^/[\\w-]+/[\\w-]+\\?sessionId=": { target: server, ws: true },
    },
  },
  build: {
    outDir: "dist",
    sourcemap: false,
    chunkSizeWarningLimit: 1024,
  },
});
