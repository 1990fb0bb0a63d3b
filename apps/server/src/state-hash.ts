/**
 * The engine's state hash computed with Node's native SHA-256. The engine hashes in pure
 * JavaScript (@noble/hashes) so that browsers can verify the same hashes; on the server that costs
 * 50-100 us per EMBER state, the native digest about a tenth of it. Both are SHA-256 over the
 * same canonical JSON in UTF-8, so the hashes are identical (pinned by test/state-hash.test.ts and
 * by the engine's own hash test).
 */
import { createHash } from "node:crypto";
import { canonicalJson } from "@fogwar/engine";

/**
 * `stateHash(value)` of @fogwar/engine, natively: SHA-256 of `canonicalJson(value)` as 64
 * lowercase hex characters. @throws TypeError on circular structures (as `canonicalJson`).
 */
export function nativeStateHash(value: unknown): string {
  return createHash("sha256").update(canonicalJson(value), "utf8").digest("hex");
}

/**
 * Every how many entries a live match stores the state hash after the command (entries whose
 * `seq` is a multiple of it). Hashing costs 50-100 us of the server's CPU per EMBER command, a
 * sixth to a tenth of what the rest of a command costs it (`pnpm bench`); a replay that departs
 * from the log is still found, at the next hashed entry at the latest, and by the events the
 * review compares at every entry.
 */
export const HASH_EVERY = 16;

/**
 * Whether a live match stores the state hash with entry `seq`: every {@link HASH_EVERY}-th
 * entry, the entry that ends the match (`ends`: a review checks the state it ends with), and the
 * entry after which a muster's drafts are all revealed (`reveals`: the history's checkpoint,
 * @fogwar/engine history.ts, whose state a review starts from is checked against it). Entries
 * stored before this rule carry a hash each; older stores' rows are read the same way.
 */
export function hashesEntry(seq: number, ends: boolean, reveals: boolean): boolean {
  return ends || reveals || seq % HASH_EVERY === 0;
}
