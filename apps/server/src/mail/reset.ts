/**
 * The password reset e-mail, in English and Korean: a short, friendly note with the reset link
 * and how long it works, as plain text and as simple HTML (the player's name escaped).
 */

/** An e-mail's content: subject, plain-text body and HTML body. */
export interface MailContent {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/** What the reset e-mail says. */
export interface PasswordResetInput {
  /** The player's display name (plain text; escaped in the HTML). */
  readonly name: string;
  /** The reset page's absolute http(s) address, token included. */
  readonly link: string;
  /** How long the link works, in whole minutes (at least 1). */
  readonly expiresInMinutes: number;
  /** The e-mail's language (default English). */
  readonly locale?: "en" | "ko";
}

/** Text with HTML's special characters escaped (for element content and quoted attributes). */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** One language's wording. */
interface Wording {
  readonly subject: string;
  readonly greeting: (name: string) => string;
  readonly asked: string;
  readonly button: string;
  readonly fallback: string;
  readonly expires: (duration: string) => string;
  readonly notYou: string;
  readonly duration: (minutes: number) => string;
}

const WORDING: Record<"en" | "ko", Wording> = {
  en: {
    subject: "Reset your fogwar password",
    greeting: (name) => `Hi ${name},`,
    asked: "Someone (hopefully you) asked to reset the password of your fogwar account. To choose a new one, open this link:",
    button: "Choose a new password",
    fallback: "If the button doesn't work, copy this address into your browser:",
    expires: (duration) => `The link works for ${duration}.`,
    notYou: "If you didn't ask for this, you can ignore this e-mail: your password stays as it is.",
    duration: (minutes) => (minutes % 60 === 0 ? plural(minutes / 60, "hour") : plural(minutes, "minute")),
  },
  ko: {
    subject: "fogwar 비밀번호 재설정",
    greeting: (name) => `${name}님, 안녕하세요.`,
    asked: "fogwar 계정의 비밀번호를 재설정해 달라는 요청을 받았습니다. 아래 링크를 열어 새 비밀번호를 정해 주세요.",
    button: "새 비밀번호 정하기",
    fallback: "버튼이 열리지 않으면 이 주소를 브라우저에 붙여 넣으세요.",
    expires: (duration) => `이 링크는 ${duration} 동안 유효합니다.`,
    notYou: "직접 요청하지 않으셨다면 이 메일은 무시하셔도 됩니다. 비밀번호는 그대로 유지됩니다.",
    duration: (minutes) => (minutes % 60 === 0 ? `${minutes / 60}시간` : `${minutes}분`),
  },
};

/** `count unit` with an English plural. */
const plural = (count: number, unit: string): string => `${count} ${unit}${count === 1 ? "" : "s"}`;

/**
 * The password reset e-mail for `input.name`, pointing at `input.link`.
 * @throws TypeError when the link is not an absolute http(s) URL or the minutes are not a whole number of at least 1.
 */
export function passwordResetMessage(input: PasswordResetInput): MailContent {
  let protocol: string;
  try {
    protocol = new URL(input.link).protocol;
  } catch {
    throw new TypeError("the reset link must be an absolute http(s) URL");
  }
  if (protocol !== "https:" && protocol !== "http:") throw new TypeError("the reset link must be an absolute http(s) URL");
  if (!Number.isInteger(input.expiresInMinutes) || input.expiresInMinutes < 1) throw new TypeError("the link's lifetime must be a whole number of minutes, at least 1");

  const words = WORDING[input.locale ?? "en"];
  const name = input.name.replace(/[\r\n\t]+/g, " ").trim();
  const expires = words.expires(words.duration(input.expiresInMinutes));
  const text = [words.greeting(name), "", words.asked, "", input.link, "", expires, words.notYou, "", "— fogwar", ""].join("\n");

  const link = escapeHtml(input.link);
  const paragraph = (content: string): string => `<p style="margin:0 0 16px">${content}</p>`;
  const html = [
    `<!doctype html>`,
    `<html lang="${input.locale ?? "en"}"><head><meta charset="utf-8"><title>${escapeHtml(words.subject)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#f4f4f2;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#1d1d1b;line-height:1.5">`,
    `<div style="max-width:520px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px">`,
    paragraph(escapeHtml(words.greeting(name))),
    paragraph(escapeHtml(words.asked)),
    paragraph(`<a href="${link}" style="display:inline-block;padding:10px 18px;background:#2f4f4f;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(words.button)}</a>`),
    paragraph(`${escapeHtml(words.fallback)}<br><a href="${link}" style="color:#2f4f4f;word-break:break-all">${link}</a>`),
    paragraph(`${escapeHtml(expires)} ${escapeHtml(words.notYou)}`),
    `<p style="margin:0;color:#6b6b66">— fogwar</p>`,
    `</div></body></html>`,
    ``,
  ].join("\n");
  return { subject: words.subject, text, html };
}
