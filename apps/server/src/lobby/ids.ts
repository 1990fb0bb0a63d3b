/** Open tables' ids (also their rooms' ids): `table-` and 16 random base32 characters, never a match's id. */
import { randomBytes } from "node:crypto";

/** The prefix of every table's id (and room id): it is never a match's. */
export const TABLE_PREFIX = "table-";

/** Whether a room id is a table's. */
export const isTableId = (id: string): boolean => id.startsWith(TABLE_PREFIX);

/** A fresh table id. */
export function newTableId(): string {
  const alphabet = "abcdefghijkmnpqrstuvwxyz23456789";
  return TABLE_PREFIX + [...randomBytes(16)].map((b) => alphabet[b % 32]).join("");
}
