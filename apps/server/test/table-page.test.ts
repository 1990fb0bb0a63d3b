/**
 * A table page's links (src/http/table-page.ts): a modulepreload link for a script, a stylesheet
 * link for a CSS file, none for a file the page already loads, each once.
 */
import { withModulePreloads } from "../src/http/table-page";

const INDEX = `<!doctype html><html><head>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-A.css">
  </head><body></body></html>`;

test("scripts get low-priority modulepreload links and CSS files stylesheet links, each once, before </head>", () => {
  const html = withModulePreloads(INDEX, ["assets/index-A.css", "assets/index-A.js", "assets/Table-B.css", "assets/Table-B.js", "assets/Table-B.css"]);
  const links = [...html.matchAll(/<link rel="([a-z]+)"( fetchpriority="low")? crossorigin href="([^"]+)">/g)].map((m) => `${m[1]}${m[2] ? " low" : ""} ${m[3]}`);
  // The entry's own scripts come first; a table's preloads wait behind them (fetchpriority).
  expect(links).toEqual(["stylesheet /assets/index-A.css", "stylesheet /assets/Table-B.css", "modulepreload low /assets/Table-B.js"]);
  expect(html.indexOf("Table-B.js")).toBeLessThan(html.indexOf("</head>"));
});

test("a ruleset's page names its ruleset in a meta before </head>; an id that is not a plain lowercase id is left out", () => {
  expect(withModulePreloads(INDEX, [], "ember")).toContain('<meta name="fogwar-ruleset" content="ember">\n');
  expect(withModulePreloads(INDEX, ["assets/Table-B.js"], "ember").indexOf("fogwar-ruleset")).toBeLessThan(withModulePreloads(INDEX, ["assets/Table-B.js"], "ember").indexOf("</head>"));
  expect(withModulePreloads(INDEX, [], '"><script>')).toBe(INDEX);
  expect(withModulePreloads(INDEX, [])).toBe(INDEX);
});
