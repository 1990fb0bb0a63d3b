/**
 * The e-mail channel (./channel.ts): one e-mail per batch (a digest lists several matches) to the
 * account's address, through the server's mailer (../mail, the sender password reset uses), in
 * the recipient's language (./email-words.ts), with a link to the table, an unsubscribe link and
 * the `List-Unsubscribe` / `List-Unsubscribe-Post` headers (one-click, RFC 8058) naming it
 * (./unsubscribe.ts). Without an SMTP server, or for an account without an address, it answers
 * `none`. Never logs nor reports an address.
 */
import type { Logger } from "pino";
import { MailAddressError, MailSendError, type Mailer } from "../mail/index.js";
import { timeNow } from "../live.js";
import type { MatchStore } from "../store/index.js";
import type { Channel, ChannelResult, OwedNotification, Recipient } from "./channel.js";
import { notificationMessage } from "./email-words.js";
import { unsubscribeUrl } from "./unsubscribe.js";

/** What the e-mail channel needs. */
export interface EmailChannelServices {
  readonly mailer: Mailer;
  readonly store: MatchStore;
  /** The site's address (PUBLIC_URL). */
  readonly publicUrl: string;
  readonly log: Logger;
  /** The time the e-mail's "runs out in ..." counts from (default: the server's). */
  readonly now?: () => number;
}

/** SMTP reply codes and nodemailer errors after which trying again later may help (not a refused recipient). */
function retryable(error: MailSendError): boolean {
  if (error.responseCode !== undefined) return error.responseCode < 500;
  return error.code !== "EENVELOPE";
}

/** `text` with anything shaped like an e-mail address blotted out (a refusal may quote the recipient). */
export const withoutAddresses = (text: string): string => text.replace(/[^\s<>()"',;:]+@[^\s<>()"',;:]+/g, "<address>");

/** The e-mail channel over `services.mailer`. */
export function emailChannel(services: EmailChannelServices): Channel {
  const now = services.now ?? timeNow;
  return {
    name: "email",
    async send(recipient: Recipient, batch: readonly OwedNotification[]): Promise<ChannelResult> {
      if (!services.mailer.available || !recipient.email || batch.length === 0) return { status: "none" };
      const kinds = [...new Set(batch.map((n) => n.kind))];
      const unsubscribe = await unsubscribeUrl(services.store, services.publicUrl, { accountId: recipient.accountId, kind: kinds.length === 1 ? kinds[0]! : null, language: recipient.language });
      const content = notificationMessage({ name: recipient.name, language: recipient.language, payloads: batch.map((n) => n.payload), publicUrl: services.publicUrl, unsubscribeUrl: unsubscribe, now: now() });
      try {
        await services.mailer.send({ to: recipient.email, ...content, headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } });
        return { status: "sent", count: 1 };
      } catch (error) {
        if (error instanceof MailAddressError) return { status: "failed", retry: false, detail: "the account's address is not one plain address" };
        if (error instanceof MailSendError) return { status: "failed", retry: retryable(error), detail: withoutAddresses(error.message) };
        return { status: "failed", retry: true, detail: withoutAddresses(error instanceof Error ? error.message : String(error)) };
      }
    },
  };
}
