/**
 * The web client's tests: the root preset with a jsdom environment and TSX (React automatic
 * runtime). `import.meta.glob` exists only under Vite, so the i18n resource loader is swapped for
 * a Node equivalent that reads the same files, and so is the ruleset adapters' discovery. A CSS
 * import (a component's own styles, bundled by Vite) is an empty module.
 */
const preset = require("../../jest.preset.cjs");
const esmOnly = ["@noble", "rou3"];

module.exports = {
  ...preset,
  testEnvironment: "jsdom",
  // CommonJS builds of dual packages (the browser condition picks ES modules jest cannot load).
  testEnvironmentOptions: { customExportConditions: ["require", "default"] },
  testMatch: ["<rootDir>/src/**/*.test.{ts,tsx}", "<rootDir>/test/**/*.test.{ts,tsx}"],
  setupFiles: ["<rootDir>/test/setup.cjs"],
  // A test that renders a whole table takes 1-5 s on an idle 2-core machine and twice that beside
  // the browser tests in a full run: jest's default 5 s would fail it for the machine's load.
  testTimeout: 30_000,
  transform: {
    "^.+\\.(t|j|mj)sx?$": [
      "@swc/jest",
      {
        jsc: {
          parser: { syntax: "typescript", tsx: true },
          target: "es2022",
          transform: { react: { runtime: "automatic" } },
        },
        module: { type: "commonjs" },
      },
    ],
  },
  transformIgnorePatterns: [`node_modules/(?!(\\.pnpm/)?(${esmOnly.join("|")}))`],
  moduleFileExtensions: ["ts", "tsx", "js", "mjs", "cjs", "json"],
  moduleNameMapper: {
    "\\.css$": "<rootDir>/test/style-stub.cjs",
    "bundled-resources(\\.js)?$": "<rootDir>/test/i18n-resources.cjs",
    "ruleset-discovery(\\.js)?$": "<rootDir>/test/ruleset-discovery.cjs",
    "rulesets/bot-discovery(\\.js)?$": "<rootDir>/test/ruleset-bot-discovery.cjs",
    "rulesets/guide-discovery(\\.js)?$": "<rootDir>/test/ruleset-guide-discovery.cjs",
    ...preset.moduleNameMapper,
  },
};
