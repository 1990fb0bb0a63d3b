/**
 * What compressing the web client costs the server: the same built script (the largest file of
 * apps/web/dist/assets, or FOGWAR_WEB_DIR's) sent N times (BENCH_REQUESTS, default 200) to a
 * client accepting brotli and gzip, two ways, each in this process on a free port:
 *  - per request: `compression()` in front of `express.static` (what a server without the
 *    build's twins would do);
 *  - precompressed: `express-static-gzip` sending the build's `.br` twin (what `mountWeb` does).
 * Prints the server process's CPU milliseconds per request (user + system, the client's share
 * included, the same for both) and the bytes sent per request. Run after `pnpm build:web`:
 *   npx pnpm --filter @fogwar/server run bench:web-compression
 */
import { readdirSync, statSync } from "node:fs";
import { request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";

const dir = resolve(process.env.FOGWAR_WEB_DIR ?? join(import.meta.dirname, "../../web/dist"), "assets");
const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const scripts = readdirSync(dir).filter((f) => f.endsWith(".js"));
if (scripts.length === 0) throw new Error(`no built scripts in ${dir}: run pnpm build:web first`);
const file = scripts.sort((a, b) => statSync(join(dir, b)).size - statSync(join(dir, a)).size)[0]!;

/** One GET with `Accept-Encoding: br, gzip`: the bytes received and the Content-Encoding. */
function get(port: number): Promise<{ bytes: number; encoding: string }> {
  return new Promise((done, fail) => {
    const req = request({ host: "127.0.0.1", port, path: `/assets/${file}`, headers: { "Accept-Encoding": "br, gzip" } }, (res) => {
      let bytes = 0;
      res.on("data", (c: Buffer) => (bytes += c.length));
      res.on("end", () => done({ bytes, encoding: String(res.headers["content-encoding"] ?? "identity") }));
    });
    req.on("error", fail);
    req.end();
  });
}

async function measure(label: string, app: express.Express): Promise<void> {
  const server = await new Promise<Server>((done) => {
    const s = app.listen(0, "127.0.0.1", () => done(s));
  });
  const port = (server.address() as AddressInfo).port;
  try {
    const first = await get(port);
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < requests; i++) await get(port);
    const used = process.cpuUsage(cpu);
    const ms = (used.user + used.system) / 1000;
    console.log(`web compression: ${label}: ${(ms / requests).toFixed(2)} ms CPU per request, ${(first.bytes / 1024).toFixed(1)} KB sent (${first.encoding}), ${((performance.now() - started) / requests).toFixed(2)} ms wall per request`);
  } finally {
    await new Promise((done) => server.close(done));
  }
}

console.log(`web compression: ${file} (${(statSync(join(dir, file)).size / 1024).toFixed(1)} KB), ${requests} requests each`);
const perRequest = express();
perRequest.use(compression());
perRequest.use("/assets", express.static(dir));
await measure("per request (compression + express.static)", perRequest);
const precompressed = express();
precompressed.use("/assets", expressStaticGzip(dir, { enableBrotli: true, orderPreference: ["br", "gzip"], index: false }));
await measure("precompressed (express-static-gzip, the build's .br)", precompressed);
