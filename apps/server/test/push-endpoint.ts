/**
 * A real HTTP server that acts as a Web Push service for tests, on a free loopback port (plain
 * http: the server under test allows its origin through `FOGWAR_PUSH_HOSTS` / `pushHosts`).
 *
 * It hands out subscriptions as a browser would make them: an endpoint of its own, a fresh P-256
 * ECDH key pair and a 16-byte auth secret (the subscription's `keys` are their public halves).
 * Every POST to an endpoint is checked as a push service checks it (the VAPID `Authorization`
 * header: an ES256 JWT for this origin, unexpired, signed by the key it names; `TTL`; the
 * aes128gcm content encoding) and decrypted with the subscription's private key and secret
 * (RFC 8291, by http_ece), and the decrypted JSON is recorded with the request's headers. It
 * answers 201 Created, or 410 Gone for an endpoint the test has expired (an unsubscribed browser).
 */
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import ece from "http_ece";

/** A subscription as a browser's `PushSubscription.toJSON()` gives it. */
export interface TestSubscription {
  readonly endpoint: string;
  readonly expirationTime: null;
  readonly keys: { readonly p256dh: string; readonly auth: string };
}

/** A message the endpoint accepted (or refused), decrypted. */
export interface ReceivedPush {
  readonly endpoint: string;
  /** The HTTP status answered: 201, or what the test set (410 for an expired endpoint; `message` is decrypted all the same). */
  readonly status: number;
  /** The decrypted body, parsed as JSON (`undefined` when it was not JSON). */
  readonly message: unknown;
  /** The decrypted body as text. */
  readonly text: string;
  readonly ttl: number;
  readonly urgency: string | undefined;
  readonly topic: string | undefined;
  /** The VAPID public key (`k=`) the request was signed with (base64url). */
  readonly vapidKey: string;
  /** The JWT's subject (`sub`: the server's contact). */
  readonly subject: string;
  readonly receivedAt: number;
}

/** A running test push service. */
export interface TestPushEndpoint {
  /** `http://127.0.0.1:PORT`: allow it on the server under test. */
  readonly origin: string;
  /** Every request received, oldest first. */
  readonly received: ReceivedPush[];
  /** Requests that failed a push service's checks (bad VAPID, undecryptable), with why. */
  readonly refused: { endpoint: string; why: string }[];
  /** A new subscription, as a browser would make one. */
  subscribe(): TestSubscription;
  /** Decrypts an aes128gcm body sent to `endpoint` (a message delivered elsewhere, e.g. to a browser). */
  decrypt(endpoint: string, body: Buffer): Buffer;
  /** From now on `endpoint` answers 410 Gone (the browser unsubscribed). */
  expire(endpoint: string): void;
  /** From now on `endpoint` answers `status` (a 503 of an overloaded service, a 429, ...); 201 again with 201. */
  answerWith(endpoint: string, status: number): void;
  /**
   * The first message (already received or yet to come) that `predicate` accepts.
   * @throws Error after `timeoutMs` (default 5,000) without one.
   */
  waitFor(predicate: (push: ReceivedPush) => boolean, timeoutMs?: number): Promise<ReceivedPush>;
  close(): Promise<void>;
}

interface Keys {
  readonly ecdh: ECDH;
  readonly auth: string;
  /** The status to answer (201 Created, 410 Gone, ...). */
  status: number;
}

const b64 = (buffer: Buffer): string => buffer.toString("base64url");

/** Reads a request's body (at most 8 KB, as push services cap payloads near 4 KB). */
function bodyOf(req: IncomingMessage): Promise<Buffer> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > 8192) fail(new Error("body too large"));
      else chunks.push(chunk);
    });
    req.on("end", () => done(Buffer.concat(chunks)));
    req.on("error", fail);
  });
}

/**
 * Checks a VAPID `Authorization: vapid t=<jwt>, k=<key>` header for `origin` (RFC 8292).
 * @returns the key and the JWT's subject. @throws Error saying what is wrong.
 */
function checkVapid(header: string | undefined, origin: string, now: number): { key: string; subject: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!match) throw new Error("no vapid authorization");
  const [, token, key] = match as unknown as [string, string, string];
  const [head, claims, signature] = token.split(".");
  if (!head || !claims || !signature) throw new Error("malformed JWT");
  const header_ = JSON.parse(Buffer.from(head, "base64url").toString()) as { alg?: string };
  if (header_.alg !== "ES256") throw new Error("JWT not ES256");
  const body = JSON.parse(Buffer.from(claims, "base64url").toString()) as { aud?: string; exp?: number; sub?: string };
  if (body.aud !== origin) throw new Error(`JWT audience ${body.aud} is not ${origin}`);
  if (typeof body.exp !== "number" || body.exp * 1000 < now || body.exp * 1000 > now + 24 * 3600 * 1000 + 60_000) throw new Error("JWT expiry outside the next 24 hours");
  if (typeof body.sub !== "string" || !/^(mailto:|https:)/.test(body.sub)) throw new Error("JWT subject is not mailto: or https:");
  const point = Buffer.from(key, "base64url");
  if (point.length !== 65 || point[0] !== 4) throw new Error("k is not an uncompressed P-256 key");
  const publicKey = createPublicKey({ key: { kty: "EC", crv: "P-256", x: b64(point.subarray(1, 33)), y: b64(point.subarray(33)) }, format: "jwk" });
  if (!verify("sha256", Buffer.from(`${head}.${claims}`), { key: publicKey, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"))) throw new Error("JWT signature does not verify");
  return { key, subject: body.sub };
}

/** Starts a test push service on 127.0.0.1 and a free port. */
export async function startPushEndpoint(): Promise<TestPushEndpoint> {
  const subscriptions = new Map<string, Keys>();
  const received: ReceivedPush[] = [];
  const refused: { endpoint: string; why: string }[] = [];
  const waiters = new Set<() => void>();
  let origin = "";

  const decrypt = (endpoint: string, body: Buffer): Buffer => {
    const keys = subscriptions.get(endpoint);
    if (!keys) throw new Error("unknown endpoint");
    return ece.decrypt(body, { version: "aes128gcm", privateKey: keys.ecdh, authSecret: keys.auth });
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const endpoint = `${origin}${req.url ?? ""}`;
      const keys = subscriptions.get(endpoint);
      if (req.method !== "POST" || !keys) {
        res.writeHead(404).end();
        return;
      }
      const body = await bodyOf(req);
      try {
        const { key, subject } = checkVapid(req.headers.authorization, origin, Date.now());
        if (req.headers["content-encoding"] !== "aes128gcm") throw new Error("content encoding is not aes128gcm");
        const ttl = Number(req.headers.ttl);
        if (!Number.isInteger(ttl) || ttl < 0) throw new Error("no TTL");
        const text = decrypt(endpoint, body).toString("utf8");
        let message: unknown;
        try {
          message = JSON.parse(text);
        } catch {
          message = undefined;
        }
        const status = keys.status;
        const header = (name: string) => (typeof req.headers[name] === "string" ? (req.headers[name] as string) : undefined);
        received.push({ endpoint, status, message, text, ttl, urgency: header("urgency"), topic: header("topic"), vapidKey: key, subject, receivedAt: Date.now() });
        res.writeHead(status).end();
      } catch (error) {
        refused.push({ endpoint, why: (error as Error).message });
        res.writeHead(400).end();
      }
      for (const wake of waiters) wake();
    })().catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    refused,
    subscribe() {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = b64(randomBytes(16));
      const endpoint = `${origin}/push/${b64(randomBytes(24))}`;
      subscriptions.set(endpoint, { ecdh, auth, status: 201 });
      return { endpoint, expirationTime: null, keys: { p256dh: b64(ecdh.getPublicKey()), auth } };
    },
    decrypt,
    expire(endpoint) {
      const keys = subscriptions.get(endpoint);
      if (keys) keys.status = 410;
    },
    answerWith(endpoint, status) {
      const keys = subscriptions.get(endpoint);
      if (keys) keys.status = status;
    },
    waitFor(predicate, timeoutMs = 5000) {
      return new Promise((done, fail) => {
        const check = () => {
          const found = received.find(predicate);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          done(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          fail(new Error(`no matching push within ${timeoutMs} ms (received ${received.length}, refused: ${refused.map((r) => r.why).join("; ") || "none"})`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
