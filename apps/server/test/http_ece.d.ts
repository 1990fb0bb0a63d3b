/**
 * Types of `http_ece` (encrypted content-encoding, RFC 8188; Web Push's aes128gcm, RFC 8291),
 * which ships none: the parts the test push endpoint uses (./push-endpoint.ts).
 */
declare module "http_ece" {
  import type { ECDH } from "node:crypto";

  /** Parameters of a decryption (`aes128gcm`: the sender's key and the salt come in the body's header). */
  export interface EceParams {
    readonly version?: "aes128gcm" | "aesgcm" | "aesgcm128";
    /** The receiver's ECDH key pair (Web Push: the subscription's P-256 key). */
    readonly privateKey?: ECDH;
    /** The subscription's auth secret (base64url or bytes). */
    readonly authSecret?: string | Buffer;
    /** A symmetric key instead of ECDH (base64url or bytes). */
    readonly key?: string | Buffer;
    readonly salt?: string | Buffer;
    readonly dh?: string | Buffer;
    readonly keyid?: string | Buffer;
    readonly rs?: number;
  }

  /** Decrypts `buffer`. @throws Error when it does not decrypt. */
  export function decrypt(buffer: Buffer, params: EceParams, keyLookupCallback?: (keyid: Buffer) => Buffer): Buffer;
  /** Encrypts `buffer`. */
  export function encrypt(buffer: Buffer, params: EceParams, keyLookupCallback?: (keyid: Buffer) => Buffer): Buffer;

  const ece: { decrypt: typeof decrypt; encrypt: typeof encrypt };
  export default ece;
}
