/**
 * Passwords: argon2id (@node-rs/argon2) with OWASP's parameters (19 MiB of memory, 2 passes, 1
 * lane). A sign-in for an unknown e-mail verifies against a fixed hash all the same, so the
 * answer's timing does not tell which e-mails have accounts.
 */
import { hash, verify } from "@node-rs/argon2";

/** `Algorithm.Argon2id` of @node-rs/argon2 (an ambient const enum, which isolated modules cannot read). */
const ARGON2ID = 2;

const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The argon2id hash (PHC string) of a password. */
export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

let decoy: Promise<string> | null = null;

/**
 * Whether `password` matches `stored` (a PHC string); with `stored` null (no such account, or no
 * password set) verifies against a decoy hash and answers false, taking the same time.
 */
export async function checkPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored === null) {
    decoy ??= hashPassword("fogwar-decoy-password");
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
