/**
 * Canonical JSON, stable hashes, and commit-then-reveal (design.md principle 8). Hashing is
 * SHA-256 from @noble/hashes, which runs unchanged in Node and in browsers, so a replay page can
 * verify what the server committed to.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { configure } from "safe-stable-stringify";

const stringify = configure({ deterministic: true, bigint: false, circularValue: TypeError });

/**
 * Canonical JSON: object keys sorted, no whitespace, `undefined` properties dropped.
 * @throws TypeError on circular structures.
 */
export function canonicalJson(value: unknown): string {
  return stringify(value) ?? "null";
}

/** SHA-256 of a UTF-8 string, as 64 lowercase hex characters. */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** A stable hash of any JSON-like value: SHA-256 of its canonical JSON, in hex. */
export function stateHash(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}

/**
 * Commits to a choice: SHA-256 over `fogwar-commit:` + salt + `:` + canonical JSON of the choice.
 * Publish the commitment when the choice is locked; publish the choice and salt at the reveal.
 * @param salt at least 128 bits of secret randomness, as hex.
 */
export function commit(choice: unknown, salt: string): string {
  return sha256Hex(`fogwar-commit:${salt}:${canonicalJson(choice)}`);
}

/** Whether `choice` and `salt` open `commitment`. */
export function verifyCommitment(commitment: string, choice: unknown, salt: string): boolean {
  return commit(choice, salt) === commitment;
}

/**
 * A salt derived from the match's secret seed and a label unique within the match (for example
 * `plan:3:p1`). Secret as long as the seed is; checkable by anyone once the seed is revealed.
 */
export function deriveSalt(seed: string, label: string): string {
  return sha256Hex(`fogwar-salt:${seed}:${label}`);
}

/** The public commitment to a match's dice seed, published at setup and opened at the end. */
export function seedCommitment(seed: string): string {
  return sha256Hex(`fogwar-seed:${seed}`);
}

/** Whether a revealed seed opens the commitment published at setup. */
export function verifySeed(commitment: string, seed: string): boolean {
  return seedCommitment(seed) === commitment;
}
