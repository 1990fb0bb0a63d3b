/**
 * Finding the fogwar workspace on disk: the folder holding pnpm-workspace.yaml. The server looks
 * for the built web client under it; `pnpm bench` and `pnpm chaos` for their results and the
 * server they start. Walks up from the started script, then from the working directory (this
 * runs as ES modules under tsx and as CommonJS under jest, so without `import.meta`), so a
 * checkout in any folder is found.
 */
import { existsSync } from "node:fs";
import { dirname, join, parse, resolve } from "node:path";

/** Where the search starts by default: the started script's folder, then the working directory. */
const defaultStarts = (): (string | null)[] => [process.argv[1] ? dirname(resolve(process.argv[1])) : null, process.cwd()];

/** The workspace root above the first of `starts` that has one, or undefined when none has. */
export function findWorkspaceRoot(starts: readonly (string | null)[] = defaultStarts()): string | undefined {
  for (const start of starts) {
    for (let dir = start ? resolve(start) : null; dir; dir = dir === parse(dir).root ? null : dirname(dir)) {
      if (existsSync(join(dir, "pnpm-workspace.yaml"))) return dir;
    }
  }
  return undefined;
}

/**
 * The workspace root, searched from `from` when given, else as {@link findWorkspaceRoot} does.
 * @throws Error when there is none (not inside the fogwar workspace).
 */
export function workspaceRoot(from?: string): string {
  const root = findWorkspaceRoot(from === undefined ? defaultStarts() : [from]);
  if (!root) throw new Error(`not inside the fogwar workspace (no pnpm-workspace.yaml above ${from ?? process.cwd()})`);
  return root;
}
