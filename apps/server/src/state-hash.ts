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
