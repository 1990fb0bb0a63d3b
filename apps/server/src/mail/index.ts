/**
 * The server's outgoing e-mail (password reset, later notifications): one SMTP transport built
 * from `SMTP_URL` (`smtp://user:pass@host:587` or `smtps://user:pass@host:465`; nodemailer's
 * options may ride in the query, e.g. `?requireTLS=true`). Without a URL the mailer is
 * unavailable: `available` is false and `send` rejects with {@link MailUnavailableError}.
 *
 * The URL may hold the SMTP password: no error, log line or message of this module carries it.
 * A sent message is logged at info with its recipient's domain only (never the address, never the
 * body: a reset link is a credential).
 */
import { createTransport } from "nodemailer";
import type { Logger } from "pino";
import { passwordResetMessage } from "./reset.js";
import { DEFAULT_MAIL_FROM, isSmtpUrl } from "./settings.js";

export { passwordResetMessage, DEFAULT_MAIL_FROM, isSmtpUrl };
export type { PasswordResetInput, MailContent } from "./reset.js";

/** One message to one recipient. */
export interface OutgoingMail {
  /** The recipient: one plain address (`name@example.org`), no display name, no list. */
  readonly to: string;
  readonly subject: string;
  /** The plain-text body. */
  readonly text: string;
  /** The HTML body (optional; the text is the alternative). */
  readonly html?: string;
  /** Extra headers (`List-Unsubscribe`, `List-Unsubscribe-Post`); values are plain text without line breaks. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** Sends e-mail. */
export interface Mailer {
  /** Whether mail can be sent at all (an SMTP URL is configured). */
  readonly available: boolean;
  /**
   * Sends one message through the SMTP server; resolves once the server accepted it.
   * @throws MailUnavailableError without an SMTP URL; MailAddressError for a recipient that is not
   *   one plain address; MailSendError when the server cannot be reached or refuses the message.
   */
  send(message: OutgoingMail): Promise<void>;
  /** Closes the transport's connections (sending afterwards is not allowed). */
  close(): void;
}

/** Mail cannot be sent: no SMTP server is configured (`SMTP_URL`). */
export class MailUnavailableError extends Error {
  constructor() {
    super("e-mail is not available: no SMTP server is configured (SMTP_URL)");
    this.name = "MailUnavailableError";
  }
}

/** The recipient is not one plain e-mail address. */
export class MailAddressError extends Error {
  constructor() {
    super("the recipient is not one plain e-mail address");
    this.name = "MailAddressError";
  }
}

/**
 * The SMTP server could not be reached or refused the message. The message names the server
 * (`host:port`, no credentials) and the cause; the SMTP password is never in it.
 */
export class MailSendError extends Error {
  /** nodemailer's error code (`ECONNECTION`, `EAUTH`, `ETIMEDOUT`, `EENVELOPE`, ...), if any. */
  readonly code: string | undefined;
  /** The SMTP reply code (535, 550, ...), if the server answered. */
  readonly responseCode: number | undefined;

  constructor(message: string, code: string | undefined, responseCode: number | undefined) {
    super(message);
    this.name = "MailSendError";
    this.code = code;
    this.responseCode = responseCode;
  }
}

/** Connection limits (ms); a URL's query may override them (`?connectionTimeout=5000`). */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

/** One plain address: one `@`, no spaces, commas, angle brackets, quotes or control characters. */
const PLAIN_ADDRESS = /^[^\s@,;<>"()[\]\\\p{Cc}]+@[^\s@,;<>"()[\]\\\p{Cc}]+$/u;

/**
 * A mailer over `settings.smtpUrl` (unavailable without one) sending as `settings.from`
 * (default {@link DEFAULT_MAIL_FROM}).
 * @throws Error (without the URL's text) when `smtpUrl` is not an smtp:// or smtps:// URL.
 */
export function createMailer(settings: { smtpUrl?: string; from?: string }, log: Logger): Mailer {
  const { smtpUrl } = settings;
  if (!smtpUrl) {
    return {
      available: false,
      send: () => Promise.reject(new MailUnavailableError()),
      close: () => {},
    };
  }
  if (!isSmtpUrl(smtpUrl)) throw new Error("the SMTP URL must be an smtp:// or smtps:// URL with a host");
  const url = new URL(smtpUrl);
  const server = `${url.hostname}:${url.port || (url.protocol === "smtps:" ? 465 : 587)}`;
  const secrets = secretsOf(url);
  const transport = createTransport({ ...TIMEOUTS, url: smtpUrl, logger: false, debug: false });
  const from = settings.from ?? DEFAULT_MAIL_FROM;
  let closed = false;
  return {
    available: true,
    async send(message) {
      if (closed) throw new Error("the mailer is closed");
      if (!PLAIN_ADDRESS.test(message.to)) throw new MailAddressError();
      const toDomain = message.to.slice(message.to.lastIndexOf("@") + 1).toLowerCase();
      const started = performance.now();
      try {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html === undefined ? {} : { html: message.html }),
          ...(message.headers === undefined ? {} : { headers: Object.fromEntries(Object.entries(message.headers).map(([k, v]) => [k, v.replace(/[\r\n]+/g, " ")])) }),
        });
      } catch (error) {
        const failure = sendError(error, server, secrets);
        log.warn({ toDomain, server, code: failure.code, responseCode: failure.responseCode, reason: failure.message }, "mail not sent");
        throw failure;
      }
      log.info({ toDomain, server, ms: Math.round(performance.now() - started) }, "mail sent");
    },
    close() {
      closed = true;
      transport.close();
    },
  };
}

/** The URL's password in every form it may take in a message (as written, decoded, in AUTH PLAIN/LOGIN base64). */
function secretsOf(url: URL): string[] {
  if (!url.password) return [];
  const user = safeDecode(url.username);
  const pass = safeDecode(url.password);
  const forms = [url.password, pass, encodeURIComponent(pass), Buffer.from(pass).toString("base64"), Buffer.from(`\0${user}\0${pass}`).toString("base64"), Buffer.from(`${user}\0${user}\0${pass}`).toString("base64")];
  // Longest first, so a form holding another is removed whole.
  return [...new Set(forms)].filter((form) => form !== "").sort((a, b) => b.length - a.length);
}

/** `text` percent-decoded, or as is when malformed. */
function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A nodemailer failure as a {@link MailSendError} naming `server`, with every secret blotted out. */
function sendError(error: unknown, server: string, secrets: readonly string[]): MailSendError {
  const fields = (typeof error === "object" && error !== null ? error : {}) as { message?: unknown; code?: unknown; responseCode?: unknown };
  let reason = typeof fields.message === "string" ? fields.message : String(error);
  for (const secret of secrets) reason = reason.split(secret).join("***");
  return new MailSendError(`could not send mail through ${server}: ${reason}`, typeof fields.code === "string" ? fields.code : undefined, typeof fields.responseCode === "number" ? fields.responseCode : undefined);
}
