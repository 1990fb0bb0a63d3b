/**
 * New embedded databases are made from a template (src/store/pglite-template.ts): the template is
 * kept owner-only in the workspace's cache under the installed PGlite's version, a database made
 * from it in a data folder opens again as that folder, and a damaged template is made again
 * rather than failing the start.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { createPglite, isNewFolder, templateCacheFile } from "../src/store/pglite-template.js";
import { findWorkspaceRoot } from "../src/workspace.js";

jest.setTimeout(120_000);

const root = mkdtempSync(join(tmpdir(), "fogwar-template-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
/** The template's cache file of these tests (made once by the first that needs it: initdb takes seconds). */
const cache = join(root, "cache", "pglite.tar");

test("the cache file is named by the installed PGlite's version, under the workspace's node_modules/.cache", () => {
  const workspace = findWorkspaceRoot([__dirname])!;
  const version = (JSON.parse(readFileSync(join(workspace, "apps", "server", "node_modules", "@electric-sql", "pglite", "package.json"), "utf8")) as { version: string }).version;
  expect(templateCacheFile(workspace)).toBe(join(workspace, "node_modules", ".cache", "fogwar", `pglite-${version}.tar`));
  expect(templateCacheFile(undefined)).toBeNull();
});

test("a database in a new data folder is made from the template, written owner-only, and opens again as a folder", async () => {
  const folder = join(root, "data");
  expect(isNewFolder(folder)).toBe(true);
  const made = await createPglite(cache, folder);
  await made.exec("create table kept (n int); insert into kept values (7);");
  await made.close();
  expect(isNewFolder(folder)).toBe(false);
  expect(statSync(cache).mode & 0o777).toBe(0o600);
  expect(statSync(cache).size).toBeGreaterThan(1_000_000);

  const again = await PGlite.create(folder);
  expect((await again.query<{ n: number }>("select n from kept")).rows).toEqual([{ n: 7 }]);
  await again.close();

  // In memory from the same template: an empty database (nothing of the folder's table).
  const memory = await createPglite(cache);
  expect((await memory.query("select 1 from pg_tables where tablename = 'kept'")).rows).toEqual([]);
  await memory.close();
});

test("a damaged template is made again, and the database is made all the same", async () => {
  // Each thread (a new module here) keeps its own template in memory and reads the file once.
  const thread = async () => {
    jest.resetModules();
    return (await import("../src/store/pglite-template.js")).createPglite;
  };
  if (!existsSync(cache)) await (await createPglite(cache)).close();
  writeFileSync(cache, "not a tarball");
  const fresh = await thread();
  const folder = join(root, "after-damage");
  const db = await fresh(cache, folder);
  expect((await db.query<{ one: number }>("select 1 as one")).rows).toEqual([{ one: 1 }]);
  await db.close();
  expect(existsSync(cache)).toBe(true);
  expect(statSync(cache).size).toBeGreaterThan(1_000_000);
});
