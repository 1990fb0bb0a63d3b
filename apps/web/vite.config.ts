/**
 * Vite for the fogwar web client. The workspace packages (@fogwar/protocol, @fogwar/ember, @fogwar/siege,
 * @fogwar/engine) export their TypeScript sources (`main: src/index.ts`), so Vite bundles them
 * from source like the app's own files: they are linked (not pre-bundled) and transformed by Vite.
 * `pnpm dev` proxies /api and the match rooms to a server on :2567 (FOGWAR_SERVER overrides).
 * The build writes no source maps and a `.br` and a `.gz` beside every text file (brotli at its
 * highest quality, gzip at level 9), which the server sends as they are: nothing is compressed
 * per request. It also writes `table-preloads.json` (./table-preloads.ts): the scripts a table page
 * needs first, which the server names in that page's HTML.
 */
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import { tablePreloads } from "./table-preloads";

const server = process.env.FOGWAR_SERVER ?? "http://localhost:2567";
const workspace = ["@fogwar/protocol", "@fogwar/ember", "@fogwar/siege", "@fogwar/engine"];

export default defineConfig({
  plugins: [
    react(),
    tablePreloads(),
    compression({
      include: /\.(js|css|html|svg|json)$/,
      threshold: 0,
      algorithms: [defineAlgorithm("brotliCompress"), defineAlgorithm("gzip", { level: 9 })],
      deleteOriginalAssets: false,
      // Every file has its compressed copies, even a few bytes' stub whose brotli is no smaller.
      skipIfLargerOrEqual: false,
    }),
  ],
  optimizeDeps: { exclude: workspace },
  // Translation files and the sample data become `JSON.parse("…")`, which a browser reads several
  // times faster than the same object as a script literal.
  json: { stringify: true },
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
    // One stylesheet for every page (about 14 KB compressed): a table then waits for one CSS file
    // instead of a dozen, each a round trip on a phone (the browser opens six connections at most).
    cssCodeSplit: false,
    rolldownOptions: {
      // Small chunks shared by several pages are copied into the chunks that use them (one module
      // state through rolldown's registry), so a table page fetches about a dozen script files
      // instead of thirty: on a phone each file is a round trip, six at a time.
      preserveEntrySignatures: false,
      output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 20 * 1024 } } },
    },
  },
});
