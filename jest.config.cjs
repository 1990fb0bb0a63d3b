/**
 * The whole test suite in one jest run: every workspace package is a project with its own
 * jest.config.cjs; apps/web/e2e holds the browser tests (playwright-core in Chromium). `pnpm test`
 * (and `npm test`) run this.
 */
const { availableParallelism } = require("node:os");

module.exports = {
  // Two test files at a time even on a 2-core machine: most files wait on servers, sockets and
  // Chromium far more than they compute, so a second worker fills the idle core (jest's default
  // there is one worker).
  maxWorkers: Math.max(2, availableParallelism() - 1),
  // Test files run in a child worker that is replaced once it holds more than this after a file:
  // run in one process, the suite's modules and servers add up past V8's heap limit on a 2-core
  // machine (jest runs in band there), and the run dies of "JavaScript heap out of memory".
  workerIdleMemoryLimit: "1536MB",
  projects: ["<rootDir>/packages/*", "<rootDir>/apps/*", "<rootDir>/apps/web/e2e"],
  reporters: ["default", "<rootDir>/scripts/jest-summary-reporter.cjs"],
};
