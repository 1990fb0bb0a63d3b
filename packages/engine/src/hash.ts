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

/**
 * The dice seed of a match: what its rules draw from and salt their in-game commitments with
 * (plans, secondaries, reserves), derived from the match's secret seed with the label
 * `fogwar-dice`. This, not the match seed, is what a finished match reveals when it had a muster
 * (design.md principle 8): the muster key ({@link musterKey}) is another label's hash of the same
 * seed, so the dice seed opens no draft's commitment.
 * @returns 64 lowercase hex characters.
 */
export function diceSeed(seed: string): string {
  return sha256Hex(`fogwar-dice:${seed}`);
}

/**
 * The muster key of a match: the secret its muster salts are derived from (`./muster.ts`),
 * derived from the match's secret seed with the label `fogwar-muster`. Never revealed: neither
 * the dice seed nor anything a finished history shows is a function of it, so a list locked and
 * never revealed (a draft later unlocked, a muster cut short by a concession) stays secret.
 * @returns 64 lowercase hex characters.
 */
export function musterKey(seed: string): string {
  return sha256Hex(`fogwar-muster:${seed}`);
}

/** The commitment to a dice seed: SHA-256 over `fogwar-dice-seed:` + the dice seed. */
function diceSeedCommitment(dice: string): string {
  return sha256Hex(`fogwar-dice-seed:${dice}`);
}

/**
 * The public commitment to a match's seed, published at setup and opened at the end: a commitment
 * to its dice seed ({@link diceSeed}), so that it opens both with the match seed (a match without
 * a muster reveals it) and with the dice seed alone (a mustered match reveals only that).
 */
export function seedCommitment(seed: string): string {
  return diceSeedCommitment(diceSeed(seed));
}

/**
 * Whether a revealed seed opens the commitment published at setup: `seed` is the match seed
 * ({@link seedCommitment}), the dice seed a mustered match reveals, or the match seed of a match
 * committed before dice seeds existed (`fogwar-seed:` + seed, still stored for older matches).
 */
export function verifySeed(commitment: string, seed: string): boolean {
  return seedCommitment(seed) === commitment || diceSeedCommitment(seed) === commitment || sha256Hex(`fogwar-seed:${seed}`) === commitment;
}
