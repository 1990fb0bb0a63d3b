/** The drizzle database every part of the store runs on (node-postgres or PGlite), typed by the schema. */
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema.js";

/** A drizzle database over either driver. */
export type StoreDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;
