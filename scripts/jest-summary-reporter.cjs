/**
 * Prints one closing line for the whole run: "Tests: N passed, N failed, N skipped" (on stderr,
 * after jest's own summary, which jest also writes there).
 */
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    process.stderr.write(`\nTests: ${results.numPassedTests} passed, ${results.numFailedTests} failed, ${skipped} skipped\n`);
  }
}
module.exports = SummaryReporter;
