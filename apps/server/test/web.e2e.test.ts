/**
 * The server serves the built web client (apps/web/dist, or FOGWAR_WEB_DIR) when it exists:
 * index.html for the client's routes with no-store, hashed assets with a long immutable cache,
 * and /api still answers JSON (404s included). Without a built client, GET / answers the short
 * text. No build here: a temporary folder stands in for dist.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import express from "express";
import { mountWeb } from "../src/http.js";
import { configFromEnv, startServer, type RunningServer } from "../src/server.js";

jest.setTimeout(60_000);

const INDEX = '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';

let dir: string;
let server: RunningServer;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "fogwar-web-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "index.html"), INDEX);
  writeFileSync(join(dir, "assets", "index-abc123.js"), "console.log('fogwar');\n");
  writeFileSync(join(dir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  server = await startServer({ port: 0, host: "127.0.0.1", publicUrl: "http://fogwar.test", logLevel: process.env.TEST_LOG_LEVEL ?? "silent", webDir: dir });
  base = `http://127.0.0.1:${server.port}`;
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("serving the web client", () => {
  test.each(["/", "/play/k7m2q9x4w8ab", "/watch/k7m2q9x4w8ab", "/review/k7m2q9x4w8ab", "/how-to-play/siege", "/play/k7m2q9x4w8ab/extra"])("%s answers index.html with no-store", async (path) => {
    const response = await fetch(`${base}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/text\/html/);
    expect(response.headers.get("cache-control")).toBe("no-store");
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

  test("/api still answers JSON, its 404s too", async () => {
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ ok: true, protocol: 1 });
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
