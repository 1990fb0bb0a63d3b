/**
 * The rules coverage map check: `docs/rules/<game>.md` stays true to the tests. Every test a table
 * row names exists (the file under `packages/<game>/test/`, its describe blocks and the test, found
 * by name in the file's syntax tree), the Counts table matches the rows, and every row marked
 * "Implemented and tested" names a test. A row names a test as `file › describe › ... › test` in
 * backticks. Pure: the caller reads the files and passes the TypeScript compiler API.
 */
import type * as TS from "typescript";

/** The five statuses of a rule row, in the order of the Counts table. */
export const RULE_STATUSES = ["Implemented and tested", "Implemented, not yet tested", "Data decision", "Not implemented yet", "Not applicable"] as const;

/** A table row: its 1-based line in the doc and its cells. */
export interface DocRow {
  readonly line: number;
  readonly cells: string[];
}

/** A markdown table: the header cells and the rows. */
export interface DocTable {
  readonly header: string[];
  readonly rows: DocRow[];
}

const cellsOf = (line: string): string[] => line.trim().replace(/^\|/, "").replace(/\|$/, "").split("|").map((c) => c.trim());

/** Every markdown table of a doc: a header line, a separator line, then the rows. */
export function tablesOf(text: string): DocTable[] {
  const lines = text.split("\n");
  const tables: DocTable[] = [];
  let i = 0;
  while (i < lines.length) {
    if (lines[i]!.startsWith("|") && /^\|[\s|:-]+\|$/.test(lines[i + 1]?.trim() ?? "")) {
      const header = cellsOf(lines[i]!);
      const rows: DocRow[] = [];
      i += 2;
      while (i < lines.length && lines[i]!.startsWith("|")) {
        rows.push({ line: i + 1, cells: cellsOf(lines[i]!) });
        i++;
      }
      tables.push({ header, rows });
    } else i++;
  }
  return tables;
}

/** The tests a row names: `file › describe › ... › test` in backticks, split into parts. */
export const testsNamed = (row: DocRow): string[][] =>
  [...row.cells.join(" | ").matchAll(/`([^`]+? › [^`]+?)`/g)].map((m) => m[1]!.split(" › ").map((part) => part.trim()));

interface Block {
  readonly kind: "describe" | "test";
  readonly name: string;
  readonly children: Block[];
}

/** `describe`, `test`, `it`, with `.only`/`.each(...)` forms; `.skip` and `.todo` are not tests that run. */
function blockKind(ts: typeof TS, callee: TS.Expression): Block["kind"] | null {
  let base = callee;
  const modifiers: string[] = [];
  for (;;) {
    if (ts.isCallExpression(base)) base = base.expression;
    else if (ts.isPropertyAccessExpression(base)) {
      modifiers.push(base.name.text);
      base = base.expression;
    } else break;
  }
  if (!ts.isIdentifier(base) || modifiers.some((m) => m === "skip" || m === "todo")) return null;
  if (base.text === "describe") return "describe";
  if (base.text === "test" || base.text === "it") return "test";
  return null;
}

/** The describe blocks and tests of a test file's source, from its syntax tree. */
function blocksOf(ts: typeof TS, file: string, text: string): Block[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const top: Block[] = [];
  const visit = (node: TS.Node, into: Block[]): void => {
    if (ts.isCallExpression(node)) {
      const kind = blockKind(ts, node.expression);
      const title = node.arguments[0];
      if (kind && title && (ts.isStringLiteral(title) || ts.isNoSubstitutionTemplateLiteral(title))) {
        const block: Block = { kind, name: title.text, children: [] };
        into.push(block);
        node.arguments.slice(1).forEach((arg) => visit(arg, block.children));
        return;
      }
    }
    ts.forEachChild(node, (child) => visit(child, into));
  };
  visit(source, top);
  return top;
}

/** What {@link describeRulesDoc} needs. */
export interface RulesDocOptions {
  /** The package name under `packages/` and `docs/rules/`, e.g. `ember`. */
  readonly game: string;
  /** The game's name in test titles, e.g. `EMBER`. */
  readonly title: string;
  /** The text of `docs/rules/<game>.md`. */
  readonly doc: string;
  /** The text of `packages/<game>/test/<file>`, or null when there is no such file. */
  readonly readTest: (file: string) => string | null;
  /** The TypeScript compiler API (`import ts from "typescript"`), to parse the test files. */
  readonly ts: typeof TS;
  /** Floors that show the doc is whole: rule tables, rule rows, tests named. */
  readonly minimum: { readonly ruleTables: number; readonly ruleRows: number; readonly named: number };
}

/** The findings of the rules coverage map check (see {@link rulesDocReport}). */
export interface RulesDocReport {
  readonly tables: DocTable[];
  readonly ruleTables: DocTable[];
  readonly ruleRows: (DocRow & { readonly status: string })[];
  /** How many test references the tables hold. */
  readonly named: number;
  /** References that name no test: `line N: \`ref\`: why`. */
  readonly missing: string[];
  /** Rows whose status is not one of {@link RULE_STATUSES}. */
  readonly unknownStatus: string[];
  /** The Counts table (`Status | Rows`) as stated, and as counted from the rows; null when absent. */
  readonly counts: { readonly stated: Record<string, number>; readonly counted: Record<string, number> } | null;
  /** Rows marked "Implemented and tested" that name no test. */
  readonly bare: string[];
}

/** Checks a rules coverage map against the test files; pure (see {@link RulesDocOptions}). */
export function rulesDocReport(options: Omit<RulesDocOptions, "title" | "minimum">): RulesDocReport {
  const { ts, game } = options;
  const tables = tablesOf(options.doc);
  const ruleTables = tables.filter((t) => t.header[0] === "§" && t.header.includes("Status") && t.header.includes("Tests and notes"));
  const ruleRows = ruleTables.flatMap((t) => t.rows.map((row) => ({ ...row, status: row.cells[t.header.indexOf("Status")] ?? "" })));
  const parsed = new Map<string, Block[] | null>();
  const missingTest = ([file, ...names]: string[]): string | null => {
    if (!file || names.length < 2) return "needs a file, at least one describe block and a test name";
    const safe = !file.startsWith("/") && !file.split("/").includes("..");
    if (!parsed.has(file)) {
      const text = safe ? options.readTest(file) : null;
      parsed.set(file, text === null ? null : blocksOf(ts, file, text));
    }
    let level = parsed.get(file);
    if (!level) return `no file packages/${game}/test/${file}`;
    for (const [i, name] of names.entries()) {
      const kind = i === names.length - 1 ? "test" : "describe";
      const block: Block | undefined = level.find((b) => b.kind === kind && b.name === name);
      if (!block) return `no ${kind} "${name}" ${i === 0 ? `in ${file}` : `in describe "${names[i - 1]}"`}`;
      level = block.children;
    }
    return null;
  };
  const missing: string[] = [];
  let named = 0;
  for (const row of tables.flatMap((t) => t.rows)) {
    for (const reference of testsNamed(row)) {
      named++;
      const problem = missingTest(reference);
      if (problem) missing.push(`line ${row.line}: \`${reference.join(" › ")}\`: ${problem}`);
    }
  }
  const unknownStatus = ruleRows.filter((row) => !(RULE_STATUSES as readonly string[]).includes(row.status)).map((row) => `line ${row.line}: status "${row.status}"`);
  const countsTable = tables.find((t) => t.header.join("|") === "Status|Rows");
  const counts = countsTable
    ? {
        stated: Object.fromEntries(countsTable.rows.map((row) => [row.cells[0]!.replace(/\*/g, ""), Number(row.cells[1]!.replace(/\*/g, ""))])),
        counted: { ...Object.fromEntries(RULE_STATUSES.map((s) => [s, ruleRows.filter((row) => row.status === s).length])), Total: ruleRows.length },
      }
    : null;
  const bare = ruleRows.filter((row) => row.status === "Implemented and tested" && testsNamed(row).length === 0).map((row) => `line ${row.line}: ${row.cells[0]} ${row.cells[1]}`);
  return { tables, ruleTables, ruleRows, named, missing, unknownStatus, counts, bare };
}

/** Declares the four jest tests of a ruleset's rules coverage map (`docs/rules/<game>.md`). */
export function describeRulesDoc(options: RulesDocOptions): void {
  const { game, title, minimum } = options;
  const report = rulesDocReport(options);
  describe(`docs/rules/${game}.md, the ${title} rules coverage map`, () => {
    test("the doc has its rule tables and its Counts table", () => {
      expect(report.ruleTables.length).toBeGreaterThanOrEqual(minimum.ruleTables);
      expect(report.ruleRows.length).toBeGreaterThan(minimum.ruleRows);
      expect(report.counts).not.toBeNull();
    });

    test(`every test named in a table row exists: the file under packages/${game}/test/, its describe blocks and the test, by name`, () => {
      expect(report.missing).toEqual([]);
      expect(report.named).toBeGreaterThan(minimum.named);
    });

    test("every rule row has one of the five statuses, and the Counts table equals the rows counted per status", () => {
      expect(report.unknownStatus).toEqual([]);
      expect(report.counts?.stated).toEqual(report.counts?.counted);
    });

    test("every row marked Implemented and tested names at least one test", () => {
      expect(report.bare).toEqual([]);
    });
  });
}
