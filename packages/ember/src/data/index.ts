/**
 * EMBER's sample data, indexed. The data is written in JSON files under `packages/ember/data`
 * (./sources.ts gathers them); `./validated.json` is those files as the schema (./schema.ts)
 * reads them, defaults filled in, written by `pnpm data` and checked against the files by the
 * data tests, so no page or process runs the schema over the sample data at load (on a phone
 * that took about 80 ms of a table's start). The references between the files are checked at
 * import all the same (./catalog.ts): a broken one throws {@link DataError} naming it.
 */
import { DataError } from "@fogwar/engine";
import validated from "./validated.json";
import { indexCatalog, type EmberCatalog } from "./catalog";
import type { EmberData } from "./schema";

export * from "./schema";
export { buildCatalog, type EmberCatalog } from "./catalog";

/** A sample-data file that does not match its schema or refers to something missing (the engine's). */
export { DataError };

/** The project's sample data, validated (./validated.json, checked against the files by the data tests). */
export const catalog: EmberCatalog = indexCatalog(validated as unknown as EmberData);
