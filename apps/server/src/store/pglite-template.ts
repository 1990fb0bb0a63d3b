/**
 * New embedded databases from a template. PGlite makes a database by running initdb, about 3 s
 * of CPU on a 2-core machine (most of a test server's start, and of the wait at a first start);
 * the same freshly initialised cluster loaded from a tarball takes about 1 s. The template is one
 * cluster made by initdb with PGlite's defaults and nothing in it (the migrations still run on
 * every new database, as they did), kept for later processes in
 * `<workspace>/node_modules/.cache/fogwar/pglite-<version>.tar` (written under a temporary name
 * and renamed, so no reader sees half a file; readable by its owner only). Without a cache folder
 * that can be written, it is kept in memory for this thread only. A template that does not load
 * is removed and made again.
 */
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { PGlite } from "@electric-sql/pglite";

let made: Blob | undefined;

/**
 * A new PGlite database, in memory or in `dataDir` (an empty folder, or none yet), made from the
 * template (see the module comment) kept in `cacheFile` ({@link templateCacheFile}), or in memory
 * only when it is null.
 * @throws whatever PGlite throws when even initdb fails (a folder it cannot write, say).
 */
export async function createPglite(cacheFile: string | null, dataDir?: string): Promise<PGlite> {
  const template = made ?? readTemplate(cacheFile);
  if (template) {
    try {
      const client = await PGlite.create(dataDir === undefined ? { loadDataDir: template } : { dataDir, loadDataDir: template });
      made = template;
      return client;
    } catch {
      // A damaged template: forget it and make the database with initdb (below).
      made = undefined;
      if (cacheFile) rmSync(cacheFile, { force: true });
      // The folder was empty: leave it so again for initdb.
      if (dataDir !== undefined && existsSync(dataDir)) for (const name of readdirSync(dataDir)) rmSync(join(dataDir, name), { recursive: true, force: true });
    }
  }
  const fresh = await PGlite.create();
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await (await fresh.dumpDataDir("none")).arrayBuffer());
  } finally {
    await fresh.close();
  }
  if (cacheFile) writeTemplate(cacheFile, bytes);
  made = new Blob([bytes]);
  return PGlite.create(dataDir === undefined ? { loadDataDir: made } : { dataDir, loadDataDir: made });
}

/**
 * The template's cache file for the installed PGlite version under the fogwar `workspace` root
 * (the folder above `migrations/`), or null when either is unknown.
 */
export function templateCacheFile(workspace: string | undefined): string | null {
  if (workspace === undefined) return null;
  try {
    // The installed PGlite's own package.json (its exports do not list it): walk up from its entry.
    let dir = dirname(createRequire(join(workspace, "apps", "server", "package.json")).resolve("@electric-sql/pglite"));
    for (; dir !== dirname(dir); dir = dirname(dir)) {
      const manifest = join(dir, "package.json");
      if (!existsSync(manifest)) continue;
      const { name, version } = JSON.parse(readFileSync(manifest, "utf8")) as { name?: string; version?: string };
      if (name === "@electric-sql/pglite" && version) return join(workspace, "node_modules", ".cache", "fogwar", `pglite-${version.replace(/[^0-9A-Za-z.-]/g, "_")}.tar`);
    }
  } catch {
    // No installed PGlite found from the workspace: no cache file.
  }
  return null;
}

/** Whether `folder` holds no database yet (absent, or empty): one {@link createPglite} may make. */
export const isNewFolder = (folder: string): boolean => !existsSync(folder) || readdirSync(folder).length === 0;

function readTemplate(file: string | null): Blob | undefined {
  if (!file || !existsSync(file)) return undefined;
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    return undefined;
  }
}

function writeTemplate(file: string, bytes: Uint8Array): void {
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    const partial = `${file}.${process.pid}-${Date.now()}.partial`;
    writeFileSync(partial, bytes, { mode: 0o600 });
    chmodSync(partial, 0o600);
    renameSync(partial, file);
  } catch {
    // A cache folder that cannot be written: the template stays in memory only.
  }
}
