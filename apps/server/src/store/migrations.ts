/**
 * Finds the drizzle-kit migrations (the top-level `migrations/` folder of the workspace) and
 * applies them. The server runs as ES modules under tsx and as CommonJS under jest, so the folder
 * is found without `import.meta`: by walking up from this file's directory (when `__dirname`
 * exists), from the started script and from the working directory to the workspace root (the
 * directory holding `pnpm-workspace.yaml`).
 */
import { existsSync } from "node:fs";
import { dirname, join, parse, resolve } from "node:path";

/** The journal drizzle's migrator reads; its presence marks a migrations folder. */
const JOURNAL = join("meta", "_journal.json");

/** A key for PostgreSQL's advisory lock held while migrating (servers starting together wait). */
export const MIGRATION_LOCK_KEY = 0x666f6777; // "fogw"

function walkUp(start: string): string | null {
  let dir = resolve(start);
  const { root } = parse(dir);
  for (;;) {
    if (existsSync(join(dir, "pnpm-workspace.yaml")) && existsSync(join(dir, "migrations", JOURNAL))) {
      return join(dir, "migrations");
    }
    if (dir === root) return null;
    dir = dirname(dir);
  }
}

/**
 * The absolute path of the migrations folder: `explicit` when given (it must hold
 * `meta/_journal.json`), else the `migrations/` folder of the first workspace root found above
 * this module, the started script or the working directory.
 * @throws Error naming the places searched when there is none.
 */
export function findMigrationsFolder(explicit?: string): string {
  if (explicit !== undefined) {
    const folder = resolve(explicit);
    if (!existsSync(join(folder, JOURNAL))) throw new Error(`${folder} is not a drizzle migrations folder (no ${JOURNAL})`);
    return folder;
  }
  const starts: string[] = [];
  if (typeof __dirname === "string") starts.push(__dirname);
  if (process.argv[1]) starts.push(dirname(resolve(process.argv[1])));
  starts.push(process.cwd());
  for (const start of starts) {
    const found = walkUp(start);
    if (found) return found;
  }
  throw new Error(
    `no migrations folder found: looked for pnpm-workspace.yaml with migrations/${JOURNAL} above ${starts.join(", ")}; ` +
      "pass openStore({ migrationsFolder })",
  );
}
