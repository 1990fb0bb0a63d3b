/**
 * `pnpm data` (EMBER's part): reads the sample data files (src/data/sources.ts), validates them
 * with the schema and the catalog's reference checks, and writes the data as the schema read it,
 * defaults filled in, to src/data/validated.json, which the catalog loads. Run it after editing
 * anything under packages/ember/data; the data tests fail while the file is out of date.
 * @throws DataError (exit 1) when the files do not validate: nothing is written then.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildCatalog } from "../src/data/catalog";
import { authoredData } from "../src/data/sources";

const { data } = buildCatalog(authoredData());
const out = fileURLToPath(new URL("../src/data/validated.json", import.meta.url));
writeFileSync(out, `${JSON.stringify(data)}\n`);
console.log(`wrote ${out}`);
