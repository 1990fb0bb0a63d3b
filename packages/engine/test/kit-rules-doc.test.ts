/**
 * The kit's rules coverage map check (`rulesDocReport`, used by every ruleset's rules-doc test)
 * on a small doc: a missing file, describe block or test, a wrong status, a wrong count and an
 * "Implemented and tested" row without a test are each reported; a true doc reports nothing.
 */
import ts from "typescript";
import { rulesDocReport } from "../src/testing";

const TESTS: Record<string, string> = {
  "a.test.ts": `describe("rule 1", () => { test("one", () => {}); describe("inner", () => { it("two", () => {}); }); test.skip("skipped", () => {}); });`,
};
const readTest = (file: string) => TESTS[file] ?? null;

const doc = (rows: string[], counts: Record<string, number>) =>
  [
    "# Game",
    "",
    "| § | Rule | Status | Tests and notes |",
    "|---|---|---|---|",
    ...rows,
    "",
    "| Status | Rows |",
    "|---|---|",
    ...Object.entries(counts).map(([k, v]) => `| ${k} | ${v} |`),
  ].join("\n");

const zero = { "Implemented and tested": 0, "Implemented, not yet tested": 0, "Data decision": 0, "Not implemented yet": 0, "Not applicable": 0 };

describe("rulesDocReport, the rules coverage map check", () => {
  test("a doc true to its tests reports nothing", () => {
    const report = rulesDocReport({
      game: "toy",
      ts,
      readTest,
      doc: doc(["| 1 | One | Implemented and tested | `a.test.ts › rule 1 › one`, `a.test.ts › rule 1 › inner › two` |", "| 2 | Two | Not implemented yet | |"], { ...zero, "Implemented and tested": 1, "Not implemented yet": 1, "**Total**": 2 }),
    });
    expect([report.missing, report.unknownStatus, report.bare, report.named]).toEqual([[], [], [], 2]);
    expect(report.counts?.stated).toEqual(report.counts?.counted);
  });

  test("missing files, blocks and tests, skipped tests, paths out of the test folder, bad statuses, counts and bare rows are each reported", () => {
    const report = rulesDocReport({
      game: "toy",
      ts,
      readTest,
      doc: doc(
        [
          "| 1 | One | Implemented and tested | `b.test.ts › rule 1 › one` |",
          "| 2 | Two | Implemented and tested | `a.test.ts › rule 2 › one` |",
          "| 3 | Three | Implemented and tested | `a.test.ts › rule 1 › three` |",
          "| 4 | Four | Implemented and tested | `a.test.ts › rule 1 › skipped` |",
          "| 5 | Five | Implemented and tested | `../a.test.ts › rule 1 › one` |",
          "| 6 | Six | Done | |",
          "| 7 | Seven | Implemented and tested | no test named |",
        ],
        { ...zero, "Implemented and tested": 5, "**Total**": 7 },
      ),
    });
    expect(report.missing.map((m) => m.replace(/^line \d+: `[^`]+`: /, ""))).toEqual([
      "no file packages/toy/test/b.test.ts",
      'no describe "rule 2" in a.test.ts',
      'no test "three" in describe "rule 1"',
      'no test "skipped" in describe "rule 1"',
      "no file packages/toy/test/../a.test.ts",
    ]);
    expect(report.unknownStatus).toEqual(['line 10: status "Done"']);
    expect(report.bare).toEqual(["line 11: 7 Seven"]);
    expect(report.counts?.stated).not.toEqual(report.counts?.counted);
  });
});
