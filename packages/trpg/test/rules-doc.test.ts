/**
 * docs/rules/trpg.md stays true to the tests: every test it names exists (the file under
 * packages/trpg/test/, its describe blocks and the test, found by name in the file's syntax
 * tree), the Counts table matches the rows, and every row marked "Implemented and tested" names a
 * test. The check is the engine kit's `describeRulesDoc`; this file reads the files for it.
 */
// This package compiles without Node's types (src must not use them); this test needs them.
/// <reference types="node" />
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describeRulesDoc } from "@fogwar/engine/testing";
import ts from "typescript";

describeRulesDoc({
  game: "trpg",
  title: "TRPG",
  doc: readFileSync(resolve(__dirname, "../../../docs/rules/trpg.md"), "utf8"),
  readTest: (file) => {
    const path = resolve(__dirname, file);
    return existsSync(path) ? readFileSync(path, "utf8") : null;
  },
  ts,
  minimum: { ruleTables: 7, ruleRows: 90, named: 100 },
});
