/**
 * The server's VAPID identity for Web Push (RFC 8292): a P-256 key pair made at first start and
 * kept in the store (`server_keys`, name `vapid`; every process gets the same pair, and it
 * survives restarts, so browsers' subscriptions stay valid), and the subject push services may
 * contact. Browsers subscribe with the public key; each push request is signed with the private one.
 */
import webpush from "web-push";
import { z } from "zod";
import type { NotificationStore } from "../store/index.js";

/** A VAPID key pair: the uncompressed P-256 public key (65 bytes) and the private scalar (32 bytes), base64url. */
export interface VapidKeys {
  readonly publicKey: string;
  readonly privateKey: string;
}

/** The server key's name in the store. */
export const VAPID_KEY_NAME = "vapid";

const StoredKeys = z.object({ publicKey: z.string().regex(/^[A-Za-z0-9_-]{87}$/), privateKey: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

/**
 * The server's VAPID key pair: the stored one, or a new pair stored now (the first process to
 * store one wins; the others read it).
 * @throws Error when the stored value is not a key pair (never its value: it holds the private key).
 */
export async function vapidKeysOf(store: NotificationStore): Promise<VapidKeys> {
  const stored = StoredKeys.safeParse(await store.serverKey(VAPID_KEY_NAME, webpush.generateVAPIDKeys()));
  if (!stored.success) throw new Error("the stored VAPID key pair (server_keys 'vapid') is malformed");
  return { publicKey: stored.data.publicKey, privateKey: stored.data.privateKey };
}

/**
 * The VAPID subject: `configured` when given, else the public address when it is https, else
 * `mailto:` the address of the mail sender (`fogwar <no-reply@example.org>` gives
 * `mailto:no-reply@example.org`), else `mailto:no-reply@localhost`.
 */
export function vapidSubject(publicUrl: string, mailFrom: string | undefined, configured?: string): string {
  if (configured) return configured;
  if (publicUrl.startsWith("https://")) return publicUrl;
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom ?? "")?.[1] ?? (/^[^<>\s]+@[^<>\s]+$/.test(mailFrom?.trim() ?? "") ? mailFrom!.trim() : undefined);
  return `mailto:${address ?? "no-reply@localhost"}`;
}
