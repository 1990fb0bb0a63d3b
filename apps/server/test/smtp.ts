/**
 * A real SMTP server for tests (smtp-server) on a free loopback port, without TLS, recording every
 * message it accepts: envelope, raw text and the decoded subject and bodies (a small MIME reader:
 * multipart, quoted-printable, base64, RFC 2047 encoded words; enough for what nodemailer writes).
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** A message the test SMTP server accepted. */
export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO). */
  readonly to: string[];
  /** The envelope's sender (MAIL FROM). */
  readonly from: string;
  /** The message as sent (headers and MIME body, CRLF line ends). */
  readonly raw: string;
  /** The `From` header, decoded. */
  readonly fromHeader: string;
  /** The `To` header, decoded. */
  readonly toHeader: string;
  /** The `Subject` header, decoded. */
  readonly subject: string;
  /** The text/plain body, decoded ("" when none). */
  readonly text: string;
  /** The text/html body, decoded ("" when none). */
  readonly html: string;
  /** When the server had received the whole message (ms since the epoch). */
  readonly receivedAt: number;
}

/** A running test SMTP server. */
export interface TestSmtpServer {
  /** `smtp://127.0.0.1:PORT`, with `user:pass@` when the server checks credentials. */
  readonly url: string;
  /** Every accepted message, oldest first. */
  readonly messages: ReceivedMail[];
  /**
   * The first message (already received or yet to come) that `predicate` accepts.
   * @throws Error after `timeoutMs` (default 5,000) without one.
   */
  waitFor(predicate: (message: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Stops the server. */
  close(): Promise<void>;
}

/**
 * Starts a test SMTP server on 127.0.0.1 and a free port. With `auth`, clients must log in with
 * those credentials (PLAIN or LOGIN, over plain text); without it, AUTH is optional.
 */
export async function startSmtpServer(options: { auth?: { user: string; pass: string } } = {}): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<(message: ReceivedMail) => void>();
  const { auth } = options;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    authOptional: !auth,
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    logger: false,
    onAuth(login, _session, callback) {
      if (auth && login.username === auth.user && login.password === auth.pass) callback(null, { user: login.username });
      else callback(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const message = readMessage(raw, session.envelope.rcptTo.map((r) => r.address), session.envelope.mailFrom ? session.envelope.mailFrom.address : "");
        messages.push(message);
        for (const waiter of waiters) waiter(message);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const credentials = auth ? `${encodeURIComponent(auth.user)}:${encodeURIComponent(auth.pass)}@` : "";
  return {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    messages,
    waitFor(predicate, timeoutMs = 5_000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = (message: ReceivedMail): void => {
          if (!predicate(message)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(message);
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no matching e-mail within ${timeoutMs} ms (${messages.length} received)`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A raw message read: headers and the text and HTML bodies. */
function readMessage(raw: string, to: string[], from: string): ReceivedMail {
  const { headers } = splitPart(raw);
  const bodies = { text: "", html: "" };
  collectBodies(raw, bodies);
  return { to, from, raw, fromHeader: decodeWords(headers.get("from") ?? ""), toHeader: decodeWords(headers.get("to") ?? ""), subject: decodeWords(headers.get("subject") ?? ""), ...bodies, receivedAt: Date.now() };
}

/** A MIME part's headers (lower-case names, unfolded) and body. */
function splitPart(part: string): { headers: Map<string, string>; body: string } {
  const end = part.search(/\r?\n\r?\n/);
  const head = end < 0 ? part : part.slice(0, end);
  const body = end < 0 ? "" : part.slice(end).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** Fills `bodies` with the first text/plain and text/html leaves of `part`. */
function collectBodies(part: string, bodies: { text: string; html: string }): void {
  const { headers, body } = splitPart(part);
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith("--")) break;
      collectBodies(section.replace(/^\r?\n/, ""), bodies);
    }
    return;
  }
  // The line break before a boundary (or ending the message) belongs to the delimiter.
  const decoded = decodeBody(body.replace(/\r?\n$/, ""), headers.get("content-transfer-encoding") ?? "7bit");
  if (/^text\/html/i.test(type) && bodies.html === "") bodies.html = decoded;
  else if (/^text\/plain/i.test(type) && bodies.text === "") bodies.text = decoded;
}

/** A body in its transfer encoding decoded (UTF-8). */
function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    case "quoted-printable":
      return quotedPrintable(body.replace(/=\r?\n/g, "")).replace(/\r\n/g, "\n");
    default:
      return body.replace(/\r\n/g, "\n");
  }
}

/** Quoted-printable text (soft breaks already removed) decoded as UTF-8. */
function quotedPrintable(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text[i] === "=" ? /^[0-9A-F]{2}$/i.exec(text.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i]!, "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

/** A header's RFC 2047 encoded words (`=?UTF-8?B?...?=`, `=?UTF-8?Q?...?=`) decoded. */
function decodeWords(header: string): string {
  return header.replace(/\?=\s+=\?/g, "?==?").replace(/=\?[^?]+\?([BQ])\?([^?]*)\?=/gi, (_word, kind: string, data: string) => (kind.toUpperCase() === "B" ? Buffer.from(data, "base64").toString("utf8") : quotedPrintable(data.replace(/_/g, " "))));
}
