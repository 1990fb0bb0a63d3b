/**
 * The web client's browser tests: playwright-core driving Debian's Chromium against the real
 * server, started in-process by the test. Node environment (the browser is the DOM), the root
 * preset's TypeScript transform, and a long timeout (a build, a server and a played match).
 * Run by the root jest.config.cjs (`npm test`), or alone:
 *   NODE_OPTIONS=--experimental-vm-modules npx jest -c apps/web/e2e/jest.config.cjs
 */
const preset = require("../../../jest.preset.cjs");

module.exports = {
  ...preset,
  displayName: "web-e2e",
  rootDir: __dirname,
  testEnvironment: "node",
  testMatch: ["<rootDir>/**/*.browser.test.ts"],
  testTimeout: 240_000,
  setupFilesAfterEnv: ["<rootDir>/timeout.cjs"],
};
