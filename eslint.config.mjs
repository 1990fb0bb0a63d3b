// ESLint 9 flat config for the fogwar monorepo.
// - @eslint/js and typescript-eslint recommended rules for TypeScript sources;
// - the purity boundary of design.md principle 1 for the rules packages (engine and rulesets):
//   no server, database, UI or Node imports, no ambient randomness or time. The same boundary is
//   checked by packages/engine/test/purity.test.ts.
import { readdirSync } from "node:fs";
import { builtinModules } from "node:module";
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";

const RULES_PACKAGES = ["engine", "ember", "protocol", "rules-archive", "siege", "trpg", "sigmar"];
const rulesSources = RULES_PACKAGES.map((name) => `packages/${name}/src/**/*.{ts,tsx}`);
const testFiles = ["**/*.test.ts", "**/*.test.tsx"];

const nodeBuiltins = [...new Set(builtinModules.filter((m) => !m.startsWith("_")))];

// Exact names cover bare built-ins and their listed subpaths (`fs`, `fs/promises`, ...).
const impureImports = {
  paths: nodeBuiltins.map((name) => ({
    name,
    message: "Rules code is pure: no Node built-ins (design.md principle 1). It must run in the browser too.",
  })),
  patterns: [
    {
      regex: "^node:",
      message: "Rules code is pure: no Node built-ins (design.md principle 1). It must run in the browser too.",
    },
    {
      regex: "^(colyseus|@colyseus/)",
      message: "Rules code is pure: Colyseus belongs in apps/server; the room is a thin adapter (design.md principles 1, 5).",
    },
    {
      regex: "^(drizzle-orm|drizzle-kit)(/|$)|^pg(-[\\w-]+)?(/|$)",
      message: "Rules code is pure: persistence belongs in apps/server (design.md principles 1, 7).",
    },
    {
      regex: "^express(/|$)",
      message: "Rules code is pure: HTTP belongs in apps/server (design.md principle 1).",
    },
    {
      regex: "^react(-dom)?(/|$)",
      message: "Rules code is pure: UI belongs in apps/web (design.md principle 1).",
    },
  ],
};

// The fences between programs: a package or app is used through its public entries (the
// `exports` of its package.json), never its src/ files, and no app reaches into another app or a
// package, nor a package into another, by a relative path (entries such as `@fogwar/server/testing`
// and `@fogwar/sigmar/testing` hold what other programs' tests and benches need).
const APPS = ["bench", "cli", "server", "web"];
const deepImport = {
  regex: "^@fogwar/[^/]+/src(/|$)",
  message: "Import a package by its public entry (its package.json `exports`), never its src/ files.",
};
const intoApps = {
  regex: "^(\\.\\./)+apps/",
  message: "No relative import into an app: use its package's public entry (e.g. @fogwar/server/testing).",
};
const intoPackages = {
  regex: "^(\\.\\./)+packages/",
  message: "No relative import into a package: use its public entry (e.g. @fogwar/sigmar/testing).",
};
/** The fences for the files of app `app`: also no relative import into another app's folder. */
const appFences = (app) => ({
  patterns: [
    deepImport,
    intoApps,
    intoPackages,
    {
      regex: `^(\\.\\./)+(${APPS.filter((other) => other !== app).join("|")})/`,
      message: "No relative import into another app: use its package's public entry (e.g. @fogwar/server/testing).",
    },
  ],
});
/** The workspace's packages (packages/<name>), each of which may be imported by its public entries only. */
const PACKAGES = readdirSync(new URL("./packages", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** The fence for the files of package `name`: no relative import into another package's folder. */
const intoOtherPackage = (name) => ({
  regex: `^(\\.\\./)+(${PACKAGES.filter((other) => other !== name).join("|")})/`,
  message: "No relative import into another package: use its public entry (its package.json `exports`).",
});

export default defineConfig(
  {
    // The rules archive's frozen bundles are generated (pnpm freeze-rules), minified builds of older sources.
    ignores: ["**/node_modules/**", "**/.tsbuild/**", "**/dist/**", "**/*.cjs", "packages/rules-archive/frozen/**"],
  },
  {
    files: ["**/*.ts", "**/*.tsx"],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
        },
      ],
    },
  },
  {
    files: rulesSources,
    ignores: testFiles,
    rules: {
      "no-restricted-imports": ["error", { ...impureImports, patterns: [...impureImports.patterns, deepImport, intoApps] }],
      "no-restricted-properties": [
        "error",
        { object: "Math", property: "random", message: "Use the engine's seeded Random from the match state (design.md principle 3)." },
        { object: "Date", property: "now", message: "Time enters as data on the command (design.md principle 3)." },
        { object: "performance", property: "now", message: "Time enters as data on the command (design.md principle 3)." },
      ],
      // Node's globals are not in the browser either (tsc cannot catch them: test files of the same
      // program load Node's types).
      "no-restricted-globals": [
        "error",
        ...["process", "Buffer", "global", "require", "__dirname", "__filename", "setImmediate"].map((name) => ({
          name,
          message: "Rules code is pure: no Node globals (design.md principle 1).",
        })),
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "NewExpression[callee.name='Date']",
          message: "Time enters as data on the command (design.md principle 3).",
        },
      ],
    },
  },
  {
    files: ["**/*.ts", "**/*.tsx"],
    ignores: rulesSources,
    rules: { "no-restricted-imports": ["error", { patterns: [deepImport, intoApps] }] },
  },
  ...PACKAGES.map((name) => ({
    files: [`packages/${name}/**/*.ts`, `packages/${name}/**/*.tsx`],
    ignores: rulesSources,
    rules: { "no-restricted-imports": ["error", { patterns: [deepImport, intoApps, intoPackages, intoOtherPackage(name)] }] },
  })),
  ...PACKAGES.filter((name) => RULES_PACKAGES.includes(name)).map((name) => ({
    files: [`packages/${name}/src/**/*.ts`, `packages/${name}/src/**/*.tsx`],
    ignores: testFiles,
    rules: {
      "no-restricted-imports": ["error", { ...impureImports, patterns: [...impureImports.patterns, deepImport, intoApps, intoPackages, intoOtherPackage(name)] }],
    },
  })),
  ...APPS.map((app) => ({
    files: [`apps/${app}/**/*.ts`, `apps/${app}/**/*.tsx`],
    rules: { "no-restricted-imports": ["error", appFences(app)] },
  })),
  {
    // Tests read the SDK's reflection-decoded room state, which has no static type.
    files: ["apps/*/test/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
