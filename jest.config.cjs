/**
 * The whole test suite in one jest run: every workspace package is a project with its own
 * jest.config.cjs. `pnpm test` (and `npm test`) run this.
 */
module.exports = {
  projects: ["<rootDir>/packages/*", "<rootDir>/apps/*"],
  reporters: ["default", "<rootDir>/scripts/jest-summary-reporter.cjs"],
};
