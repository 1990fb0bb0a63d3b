/**
 * The whole test suite in one jest run: every workspace package is a project with its own
 * jest.config.cjs; apps/web/e2e holds the browser tests (playwright-core in Chromium). `pnpm test`
 * (and `npm test`) run this.
 */
module.exports = {
  projects: ["<rootDir>/packages/*", "<rootDir>/apps/*", "<rootDir>/apps/web/e2e"],
  reporters: ["default", "<rootDir>/scripts/jest-summary-reporter.cjs"],
};
