/**
 * Finding the workspace (src/workspace.ts): the server's built web client, `pnpm bench`'s results
 * and `pnpm chaos`'s server are found from any folder inside the checkout, wherever it lives.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultWebDir } from "../src/config";
import { findWorkspaceRoot, workspaceRoot } from "../src/workspace";

describe("the workspace root", () => {
  let outside: string;
  beforeAll(() => {
    outside = mkdtempSync(join(tmpdir(), "fogwar-workspace-"));
  });
  afterAll(() => rmSync(outside, { recursive: true, force: true }));

  test("is the nearest folder above the start that holds pnpm-workspace.yaml", () => {
    const root = join(outside, "checkout");
    mkdirSync(join(root, "apps", "bench", "src"), { recursive: true });
    writeFileSync(join(root, "pnpm-workspace.yaml"), "packages: []\n");
    expect(findWorkspaceRoot([join(root, "apps", "bench", "src")])).toBe(root);
    expect(workspaceRoot(join(root, "apps"))).toBe(root);
  });

  test("the later starts are tried when the first is outside any workspace; none found is undefined, or an error naming the folder", () => {
    const lost = join(outside, "lost");
    mkdirSync(lost, { recursive: true });
    expect(findWorkspaceRoot([lost, join(outside, "checkout", "apps")])).toBe(join(outside, "checkout"));
    expect(findWorkspaceRoot([null, lost])).toBeUndefined();
    expect(() => workspaceRoot(lost)).toThrow(`no pnpm-workspace.yaml above ${lost}`);
  });

  test("this checkout's built web client is under its root", () => {
    expect(defaultWebDir()).toBe(join(workspaceRoot(), "apps", "web", "dist"));
  });
});
