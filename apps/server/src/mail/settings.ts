/**
 * The mail settings' rules, without the transport (the settings schema, ../config.ts, uses them
 * without loading nodemailer).
 */

/** Where mail comes from when `MAIL_FROM` is unset. */
export const DEFAULT_MAIL_FROM = "fogwar <no-reply@localhost>";

/** Whether `url` is an SMTP URL the mailer can use (`smtp://` or `smtps://` with a host). */
export function isSmtpUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === "smtp:" || parsed.protocol === "smtps:") && parsed.hostname !== "";
  } catch {
    return false;
  }
}
