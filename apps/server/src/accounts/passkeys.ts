/**
 * Passkeys (WebAuthn) with @simplewebauthn/server: registering a passkey on the signed-in account
 * (a guest becomes a member) and signing in with a discoverable credential. Challenges are stored
 * (`auth_challenges`, single use, 5 minutes) so the answer may reach any process. The relying
 * party is the public address: its host name is the RP ID, its origin the expected origin.
 */
import { randomBytes } from "node:crypto";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { ApiError } from "../api-error.js";
import type { AccountRecord, AccountStore } from "../store/index.js";

/** How long a ceremony's challenge may be answered: 5 minutes, in ms. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** The relying party: who the passkeys are for. */
export interface RelyingParty {
  readonly name: string;
  /** The public address's host name (no port). */
  readonly id: string;
  /** The public address's origin (scheme, host and port). */
  readonly origin: string;
}

/** The relying party of a public address (`http://localhost:2567` -> RP ID `localhost`). */
export function relyingParty(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { name: "fogwar", id: url.hostname, origin: url.origin };
}

const failed = (): ApiError => new ApiError(400, "passkey_failed", "The passkey could not be verified.");

/** A ceremony's options with the id of its stored challenge. */
export interface Ceremony<Options> {
  readonly challengeId: string;
  readonly options: Options;
}

/** Options to add a passkey to `account` (its existing ones excluded). */
export async function registrationOptions(rp: RelyingParty, accounts: AccountStore, account: AccountRecord): Promise<Ceremony<PublicKeyCredentialCreationOptionsJSON>> {
  const existing = await accounts.passkeysOf(account.id);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: account.name,
    userID: new TextEncoder().encode(account.id),
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports as AuthenticatorTransport[] })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  const challengeId = randomBytes(16).toString("base64url");
  await accounts.putChallenge({ id: challengeId, challenge: options.challenge, purpose: "register", accountId: account.id, expiresAt: Date.now() + CHALLENGE_TTL_MS });
  return { challengeId, options };
}

/**
 * Verifies a registration answer and stores the passkey on the account that asked for it.
 * @throws ApiError 400 `passkey_failed` (unknown, used or expired challenge, another account's,
 *   a failed verification, a credential already registered).
 */
export async function completeRegistration(rp: RelyingParty, accounts: AccountStore, account: AccountRecord, challengeId: string, response: unknown): Promise<void> {
  const challenge = await accounts.takeChallenge(challengeId, Date.now());
  if (!challenge || challenge.purpose !== "register" || challenge.accountId !== account.id) throw failed();
  const verification = await verifyRegistrationResponse({
    response: response as RegistrationResponseJSON,
    expectedChallenge: challenge.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) throw failed();
  const { credential } = verification.registrationInfo;
  if (await accounts.passkeyById(credential.id)) throw failed();
  await accounts.addPasskey({
    credentialId: credential.id,
    accountId: account.id,
    publicKey: Buffer.from(credential.publicKey).toString("base64url"),
    counter: credential.counter,
    transports: credential.transports ?? [],
  });
}

/** Options to sign in with any passkey of this site (a discoverable credential: no account named). */
export async function signInOptions(rp: RelyingParty, accounts: AccountStore): Promise<Ceremony<PublicKeyCredentialRequestOptionsJSON>> {
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: "preferred" });
  const challengeId = randomBytes(16).toString("base64url");
  await accounts.putChallenge({ id: challengeId, challenge: options.challenge, purpose: "sign-in", accountId: null, expiresAt: Date.now() + CHALLENGE_TTL_MS });
  return { challengeId, options };
}

/**
 * Verifies a sign-in answer.
 * @returns the id of the account the passkey belongs to.
 * @throws ApiError 400 `passkey_failed`.
 */
export async function completeSignIn(rp: RelyingParty, accounts: AccountStore, challengeId: string, response: unknown): Promise<string> {
  const challenge = await accounts.takeChallenge(challengeId, Date.now());
  const answer = response as AuthenticationResponseJSON;
  if (!challenge || challenge.purpose !== "sign-in" || typeof answer.id !== "string") throw failed();
  const passkey = await accounts.passkeyById(answer.id);
  if (!passkey) throw failed();
  const verification = await verifyAuthenticationResponse({
    response: answer,
    expectedChallenge: challenge.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: { id: passkey.credentialId, publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")), counter: passkey.counter, transports: passkey.transports as AuthenticatorTransport[] },
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) throw failed();
  await accounts.updatePasskeyCounter(passkey.credentialId, verification.authenticationInfo.newCounter);
  return passkey.accountId;
}
