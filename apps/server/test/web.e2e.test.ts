/**
 * The server serves the built web client (apps/web/dist, or FOGWAR_WEB_DIR) when it exists:
 * index.html for the client's routes with no-cache, hashed assets with a long immutable cache,
 * the build's precompressed twins (.br, .gz) as the client accepts them, no source maps, and /api
 * still answers JSON (404s included), compressed from 1 KB. Without a built client, GET / answers
 * the short text. A table page (/play/:id, /watch/:id) names its first scripts from the build's
 * table-preloads.json, for its match's ruleset. No build here: a temporary folder stands in for dist.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { get, type IncomingHttpHeaders, type Server } from "node:http";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import express from "express";
import { catalog as emberCatalog } from "@fogwar/ember";
import { mountWeb } from "../src/http.js";
import { startServer, type RunningServer } from "../src/server.js";
import { configFromEnv } from "../src/config.js";
import { PROTOCOL_VERSION } from "@fogwar/protocol";

jest.setTimeout(60_000);

const INDEX = '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';
/** The build's list of a table page's first scripts (apps/web/table-preloads.ts). */
const PRELOADS = {
  table: ["assets/index-abc123.js", "assets/Table-t1.js"],
  // motion-gone.js: a file the list names that the folder does not hold (never linked).
  rulesets: { ember: ["assets/index-abc123.js", "assets/motion-gone.js", "assets/EmberConnected-e1.js"], siege: ["assets/SiegeTable-s1.js"] },
};
const SCRIPT = `console.log('fogwar');\n${"export const filler = 'a line the compressors shrink';\n".repeat(40)}`;

/** A raw GET (no transparent decompression): status, headers and the body's bytes as sent. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((done, fail) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", fail);
    }).on("error", fail);
  });
}

let dir: string;
let server: RunningServer;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "fogwar-web-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "index.html"), INDEX);
  writeFileSync(join(dir, "assets", "index-abc123.js"), SCRIPT);
  // The build's twins (vite-plugin-compression2): index.html and the hashed script.
  writeFileSync(join(dir, "assets", "index-abc123.js.br"), brotliCompressSync(SCRIPT));
  writeFileSync(join(dir, "assets", "index-abc123.js.gz"), gzipSync(SCRIPT));
  writeFileSync(join(dir, "index.html.br"), brotliCompressSync(INDEX));
  writeFileSync(join(dir, "index.html.gz"), gzipSync(INDEX));
  // A file without twins, and a source map a careless build might leave.
  writeFileSync(join(dir, "assets", "plain-def456.js"), SCRIPT);
  writeFileSync(join(dir, "assets", "index-abc123.js.map"), '{"version":3,"sources":["secret.ts"]}');
  writeFileSync(join(dir, "table-preloads.json"), JSON.stringify(PRELOADS));
  for (const file of ["Table-t1.js", "EmberConnected-e1.js", "SiegeTable-s1.js"]) writeFileSync(join(dir, "assets", file), SCRIPT);
  writeFileSync(join(dir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  server = await startServer({ port: 0, host: "127.0.0.1", publicUrl: "http://fogwar.test", logLevel: process.env.TEST_LOG_LEVEL ?? "silent", webDir: dir });
  base = `http://127.0.0.1:${server.port}`;
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("serving the web client", () => {
  test.each(["/", "/review/k7m2q9x4w8ab", "/how-to-play/siege", "/play/k7m2q9x4w8ab/extra"])("%s answers index.html with no-cache", async (path) => {
    const response = await fetch(`${base}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/text\/html/);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(await response.text()).toBe(INDEX);
  });

  test("hashed assets are served with a long immutable cache", async () => {
    const response = await fetch(`${base}/assets/index-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/javascript/);
    expect(response.headers.get("cache-control")).toMatch(/max-age=31536000/);
    expect(response.headers.get("cache-control")).toMatch(/immutable/);
    expect(await response.text()).toContain("fogwar");
  });

  test("other files of dist are served and revalidated; unknown paths are not the SPA", async () => {
    const icon = await fetch(`${base}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get("cache-control")).toBe("no-cache");
    expect((await fetch(`${base}/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${base}/elsewhere`)).status).toBe(404);
  });

  test("the build's twins are sent as the client accepts: brotli first, then gzip, else the file as it is", async () => {
    const br = await rawGet(`${base}/assets/index-abc123.js`, { "Accept-Encoding": "gzip, deflate, br" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(br.headers["cache-control"]).toMatch(/immutable/);
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    const gz = await rawGet(`${base}/assets/index-abc123.js`, { "Accept-Encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);
    const plain = await rawGet(`${base}/assets/index-abc123.js`);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.body.toString()).toBe(SCRIPT);
    const page = await rawGet(`${base}/review/k7m2q9x4w8ab`, { "Accept-Encoding": "br" });
    expect(page.headers["content-encoding"]).toBe("br");
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.headers["cache-control"]).toBe("no-cache");
    expect(brotliDecompressSync(page.body).toString()).toBe(INDEX);
  });

  test("a static file without twins is sent as it is, not compressed per request", async () => {
    const plain = await rawGet(`${base}/assets/plain-def456.js`, { "Accept-Encoding": "gzip, br" });
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  test("source maps are never served, even when a build left one", async () => {
    expect((await rawGet(`${base}/assets/index-abc123.js.map`)).status).toBe(404);
  });

  test("API answers from 1 KB are compressed per request, with Vary", async () => {
    const rulesets = await rawGet(`${base}/api/rulesets`, { "Accept-Encoding": "gzip" });
    expect(rulesets.status).toBe(200);
    expect(rulesets.headers["content-encoding"]).toBe("gzip");
    expect(rulesets.headers.vary).toMatch(/Accept-Encoding/i);
    const body = gunzipSync(rulesets.body);
    expect(body.length).toBeGreaterThan(rulesets.body.length);
    expect(JSON.parse(body.toString())).toHaveProperty("rulesets");
    const br = await rawGet(`${base}/api/rulesets`, { "Accept-Encoding": "br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toHaveProperty("rulesets");
    const plain = await rawGet(`${base}/api/rulesets`);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toHaveProperty("rulesets");
  });

  test("/api still answers JSON, its 404s too", async () => {
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ ok: true, protocol: PROTOCOL_VERSION });
    const missing = await fetch(`${base}/api/nothing-here`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toMatch(/application\/json/);
    expect(await missing.json()).toEqual({ error: { code: "not_found", message: "There is no such API endpoint." } });
    const match = await fetch(`${base}/api/matches/zzzzzzzzzzzz`);
    expect(match.status).toBe(404);
    expect(((await match.json()) as { error: { code: string } }).error.code).toBe("not_found");
  });
});

describe("without a built client", () => {
  test("GET / answers the short text and /play is not served", async () => {
    const empty = mkdtempSync(join(tmpdir(), "fogwar-noweb-"));
    const app = express();
    expect(mountWeb(app, empty)).toBe(false);
    expect(mountWeb(express(), undefined)).toBe(false);
    const listener = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    try {
      const url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
      const root = await fetch(`${url}/`);
      expect(root.headers.get("content-type")).toMatch(/text\/plain/);
      expect(await root.text()).toMatch(/^fogwar server/);
      expect((await fetch(`${url}/play/k7m2q9x4w8ab`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => listener.close(resolve));
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe("FOGWAR_WEB_DIR", () => {
  test("configFromEnv reads it, and defaults to the workspace's apps/web/dist", () => {
    expect(configFromEnv({ FOGWAR_WEB_DIR: "/srv/web" }).webDir).toBe("/srv/web");
    expect(configFromEnv({}).webDir).toMatch(/apps[\\/]web[\\/]dist$/);
  });
});

describe("table pages name their first scripts (table-preloads.json)", () => {
  const url = () => base;
  const links = (html: string) => [...html.matchAll(/<link rel="modulepreload" fetchpriority="low" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

  test("a seat's and a spectator's page of an EMBER match preload the route's and EMBER's chunks, never Siege's, not the entry twice, and no file the folder lacks", async () => {
    const created = await fetch(`${url()}/api/matches`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ruleset: "ember", scenario: "crossroads", players: [{ name: "Ana", army: emberCatalog.data.armies[0] }, { name: "Bo", army: emberCatalog.data.armies[2] }] }),
    });
    expect(created.status).toBe(201);
    const { matchId } = (await created.json()) as { matchId: string };
    for (const path of [`/play/${matchId}`, `/watch/${matchId}`]) {
      const response = await fetch(`${url()}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-cache");
      const html = await response.text();
      expect(links(html)).toEqual(["/assets/Table-t1.js", "/assets/EmberConnected-e1.js"]);
      expect(html.match(/index-abc123\.js/g)).toHaveLength(1);
      // The ruleset named for the page's code (it asks no summary then: apps/web/src/table/preload.ts).
      expect(html).toContain('<meta name="fogwar-ruleset" content="ember">');
    }
  });

  test("an unknown match's page preloads the route's chunks only; other pages are index.html as built", async () => {
    expect(links(await (await fetch(`${url()}/play/k7m2q9x4w8ab`)).text())).toEqual(["/assets/Table-t1.js"]);
    expect(await (await fetch(`${url()}/play/k7m2q9x4w8ab`)).text()).not.toContain("fogwar-ruleset");
    expect(links(await (await fetch(`${url()}/watch/not-an-id!`)).text())).toEqual(["/assets/Table-t1.js"]);
    expect(await (await fetch(`${url()}/`)).text()).toBe(INDEX);
    expect(await (await fetch(`${url()}/review/k7m2q9x4w8ab`)).text()).toBe(INDEX);
  });

  test("the pages are sent precompressed as the client accepts, the same page in each encoding", async () => {
    const plain = await rawGet(`${url()}/play/k7m2q9x4w8ab`);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    const br = await rawGet(`${url()}/play/k7m2q9x4w8ab`, { "Accept-Encoding": "gzip, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body).toString()).toBe(plain.body.toString());
    const gz = await rawGet(`${url()}/play/k7m2q9x4w8ab`, { "Accept-Encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(plain.body.toString());
  });
});
