/**
 * A table page's HTML names the scripts and style sheets its first screen needs. The web build
 * writes `table-preloads.json` (apps/web/table-preloads.ts): the table route's chunks and each
 * ruleset's table chunks, with their CSS files. For `/play/:matchId` and `/watch/:matchId` the
 * server answers index.html with a `<link rel="modulepreload">` for each script and a
 * `<link rel="stylesheet">` for each CSS file (the match's own ruleset only, looked up by id),
 * so the browser fetches them alongside the entry instead of discovering them one after another
 * (on a phone on 4G each discovery costs a round trip of about 165 ms), at low priority
 * (`fetchpriority="low"`): the entry's own scripts, which run first, then come before them
 * instead of sharing the phone's bandwidth with them (about 0.2 s sooner to interactive on the
 * emulated phone, apps/web/e2e/budget.ts), and a
 * `<meta name="fogwar-ruleset">` naming the ruleset, which the page reads instead of asking. The ruleset of a match is
 * public (`GET /api/matches/:id` says it); an unknown match gets the route's chunks only.
 *
 * The pages are built once, at start, with their brotli and gzip twins, so nothing is compressed
 * per request.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Request, Response } from "express";

/** The build's `table-preloads.json`: file names relative to the build folder. */
export interface TablePreloads {
  readonly table: readonly string[];
  readonly rulesets: Readonly<Record<string, readonly string[]>>;
}

/** One page, as it is and precompressed. */
interface Page {
  readonly html: Buffer;
  readonly br: Buffer;
  readonly gzip: Buffer;
}

/** The match's ruleset id, or undefined when the match is unknown (or cannot be looked up now). */
export type RulesetOf = (matchId: string) => Promise<string | undefined>;

/**
 * `index` with a link for each of `files` that it does not load already, and the `ruleset`
 * meta when a ruleset is given (a lowercase id), placed before `</head>`
 * (after the entry's own links): a stylesheet link for a `.css` file (the page's code then finds
 * it loaded and adds no second one), a low-priority modulepreload link for a script. File names are the
 * build's (`assets/x-hash.js`, `assets/x-hash.css`).
 */
export function withModulePreloads(index: string, files: readonly string[], ruleset?: string): string {
  const missing = [...new Set(files)].filter((file) => !index.includes(`/${file}"`));
  const link = (file: string) => (file.endsWith(".css") ? `<link rel="stylesheet" crossorigin href="/${file}">` : `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`);
  const links = missing.map((file) => `    ${link(file)}\n`).join("");
  // The page's code reads the ruleset here instead of asking the match's summary (apps/web/src/table/preload.ts).
  const hint = ruleset !== undefined && /^[a-z0-9_-]+$/.test(ruleset) ? `    <meta name="${RULESET_META}" content="${ruleset}">\n` : "";
  if (links === "" && hint === "") return index;
  return index.replace("</head>", `${hint}${links}  </head>`);
}

/** The name of the `<meta>` that tells a table page its match's ruleset (its content: the ruleset id). */
export const RULESET_META = "fogwar-ruleset";

function page(html: string): Page {
  const raw = Buffer.from(html);
  return { html: raw, br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }), gzip: gzipSync(raw, { level: 9 }) };
}

/**
 * Reads the build's index.html and table-preloads.json from `dir` and returns the handler for the
 * table routes, or undefined when the build has no preload list (an older build, or a test
 * folder): then index.html is served as it is.
 * @throws Error when table-preloads.json exists but is not the expected shape.
 */
export function tablePages(dir: string, rulesetOf: RulesetOf): ((req: Request, res: Response) => Promise<void>) | undefined {
  const listFile = join(dir, "table-preloads.json");
  if (!existsSync(listFile)) return undefined;
  const list = JSON.parse(readFileSync(listFile, "utf8")) as TablePreloads;
  if (!Array.isArray(list.table) || typeof list.rulesets !== "object") throw new Error(`${listFile} is not a table preload list`);
  const index = readFileSync(join(dir, "index.html"), "utf8");
  // Only files the folder holds: a link to a missing one costs the phone a request for nothing.
  const present = (files: readonly string[]) => files.filter((file) => existsSync(join(dir, file)));
  const generic = page(withModulePreloads(index, present(list.table)));
  const byRuleset = new Map(Object.entries(list.rulesets).map(([id, files]) => [id, page(withModulePreloads(index, present([...list.table, ...files]), id))]));

  return async (req, res) => {
    const matchId = String(req.params.matchId ?? "");
    const ruleset = await rulesetOf(matchId).catch(() => undefined);
    const chosen = (ruleset !== undefined ? byRuleset.get(ruleset) : undefined) ?? generic;
    // Brotli first when accepted (as for the build's twins), then gzip.
    const encoding = req.acceptsEncodings("br") === "br" ? "br" : req.acceptsEncodings("gzip") === "gzip" ? "gzip" : "identity";
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Cache-Control", "no-cache");
    res.setHeader("Vary", "Accept-Encoding");
    if (encoding === "br" || encoding === "gzip") res.setHeader("Content-Encoding", encoding);
    res.end(encoding === "br" ? chosen.br : encoding === "gzip" ? chosen.gzip : chosen.html);
  };
}
