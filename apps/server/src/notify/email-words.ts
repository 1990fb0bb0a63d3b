/**
 * The notification e-mails' words, in English and Korean (the style of ../mail/reset.ts): what
 * happened, whose turn it is, a link to the table, and an unsubscribe link; a digest lists every
 * match with its own link. Built from the payloads alone (./channel.ts): a payload holds only
 * what its recipient's view shows, so the e-mail does too.
 */
import type { NotificationPayload } from "@fogwar/protocol";
import { escapeHtml, type MailContent } from "../mail/reset.js";

type Language = "en" | "ko";

/** What one notification says: a headline (the subject of a lone e-mail), its lines, its button. */
interface Said {
  readonly headline: string;
  readonly lines: readonly string[];
  readonly button: string;
}

/** "in about N hours" from ms left. */
function leftEn(ms: number): string {
  const hours = ms / 3_600_000;
  if (hours < 1) return "in less than an hour";
  if (hours < 48) return `in about ${Math.round(hours)} hour${Math.round(hours) === 1 ? "" : "s"}`;
  return `in about ${Math.round(hours / 24)} days`;
}
function leftKo(ms: number): string {
  const hours = ms / 3_600_000;
  if (hours < 1) return "1시간 안에";
  if (hours < 48) return `약 ${Math.round(hours)}시간 뒤에`;
  return `약 ${Math.round(hours / 24)}일 뒤에`;
}

const clean = (text: string | undefined, fallback = ""): string => (text ?? fallback).replace(/[\r\n\t]+/g, " ").trim();

/** What `payload` says in `language`, at `now` (ms). */
export function say(payload: NotificationPayload, language: Language, now: number): Said {
  const title = clean(payload.title, payload.ruleset ?? "fogwar");
  const actor = clean(payload.actor);
  const turn = (payload.whoseTurn ?? []).map((n) => clean(n)).join(", ");
  const left = payload.deadline === undefined ? "" : (language === "en" ? leftEn : leftKo)(payload.deadline - now);
  if (language === "ko") {
    switch (payload.kind) {
      case "your_move":
        return { headline: `내 차례: ${title}`, lines: [actor ? `${actor}님이 ${title}에서 수를 두었습니다.` : `${title}에서 기다리고 있습니다.`, "이제 내 차례입니다."], button: "대국 열기" };
      case "time_running_out":
        return { headline: `시간이 얼마 남지 않았습니다: ${title}`, lines: [`${title}의 내 시계가 ${left} 끝납니다.`, "지금 내 차례입니다."], button: "대국 열기" };
      case "match_over": {
        const result = payload.outcome === "win" ? "승리했습니다." : payload.outcome === "loss" ? "패배했습니다." : "무승부입니다.";
        return { headline: `대국 종료: ${title}`, lines: [`${title} 대국이 끝났습니다. ${result}`], button: "대국 다시 보기" };
      }
      case "opponent_joined":
        return { headline: `${actor || "상대"}님이 입장했습니다: ${title}`, lines: [`${actor || "상대"}님이 ${title}에 자리를 잡았습니다.`, ...(turn ? [`지금 차례: ${turn}`] : [])], button: "대국 열기" };
      case "challenge_received":
        return { headline: `${clean(payload.from, "누군가")}님의 도전 신청 (${payload.ruleset ?? ""})`, lines: [`${clean(payload.from, "누군가")}님이 ${payload.ruleset ?? ""} 대국을 신청했습니다. 내 게임에서 수락하거나 거절하세요.`], button: "내 게임 열기" };
    }
  }
  switch (payload.kind) {
    case "your_move":
      return { headline: `Your move: ${title}`, lines: [actor ? `${actor} has moved in ${title}.` : `${title} is waiting for you.`, "It is your move."], button: "Open the table" };
    case "time_running_out":
      return { headline: `Time is running out: ${title}`, lines: [`Your clock in ${title} runs out ${left}.`, "It is your move."], button: "Open the table" };
    case "match_over": {
      const result = payload.outcome === "win" ? "You won." : payload.outcome === "loss" ? "You lost." : "It is a draw.";
      return { headline: `Match over: ${title}`, lines: [`${title} is over. ${result}`], button: "Review the match" };
    }
    case "opponent_joined":
      return { headline: `${actor || "Your opponent"} joined ${title}`, lines: [`${actor || "Your opponent"} took a seat in ${title}.`, ...(turn ? [`Now it is ${turn}'s move.`] : [])], button: "Open the table" };
    case "challenge_received":
      return { headline: `${clean(payload.from, "Someone")} challenges you (${payload.ruleset ?? ""})`, lines: [`${clean(payload.from, "Someone")} challenges you to a game of ${payload.ruleset ?? ""}. Accept or decline it in My games.`], button: "Open My games" };
  }
}

const FRAME = {
  en: {
    greeting: (name: string) => `Hi ${name},`,
    digest: (n: number) => `fogwar: ${n} updates in your games`,
    digestIntro: "Here is what happened in your games:",
    why: "You get this e-mail because of your fogwar notification settings.",
    unsubscribe: "Unsubscribe",
  },
  ko: {
    greeting: (name: string) => `${name}님, 안녕하세요.`,
    digest: (n: number) => `fogwar: 내 게임의 새 소식 ${n}개`,
    digestIntro: "내 게임에서 일어난 일입니다.",
    why: "fogwar 알림 설정에 따라 보내 드리는 이메일입니다.",
    unsubscribe: "수신 거부",
  },
};

/** What one e-mail holds: the recipient's name, language, payloads (one, or a digest), the site, the unsubscribe link, the time. */
export interface NotificationMailInput {
  readonly name: string;
  readonly language: Language;
  readonly payloads: readonly NotificationPayload[];
  /** The site's address (PUBLIC_URL, no trailing slash): each payload's `url` is appended to it. */
  readonly publicUrl: string;
  readonly unsubscribeUrl: string;
  readonly now: number;
}

/** The e-mail (subject, text, HTML) for one notification or a digest of several. */
export function notificationMessage(input: NotificationMailInput): MailContent {
  const frame = FRAME[input.language];
  const name = clean(input.name);
  const items = input.payloads.map((p) => ({ said: say(p, input.language, input.now), link: `${input.publicUrl}${p.url.startsWith("/") ? p.url : `/${p.url}`}` }));
  const lone = items.length === 1 ? items[0]! : null;
  const subject = lone ? lone.said.headline : frame.digest(items.length);
  const text = [
    frame.greeting(name),
    "",
    ...(lone ? [...lone.said.lines, "", lone.link] : [frame.digestIntro, "", ...items.flatMap((i) => [`- ${i.said.lines.join(" ")}`, `  ${i.link}`])]),
    "",
    "— fogwar",
    "",
    `${frame.why} ${frame.unsubscribe}: ${input.unsubscribeUrl}`,
    "",
  ].join("\n");
  const paragraph = (content: string): string => `<p style="margin:0 0 16px">${content}</p>`;
  const button = (href: string, label: string): string => `<a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 18px;background:#2f4f4f;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(label)}</a>`;
  const body = lone
    ? [...lone.said.lines.map((l) => paragraph(escapeHtml(l))), paragraph(button(lone.link, lone.said.button))]
    : [
        paragraph(escapeHtml(frame.digestIntro)),
        `<ul style="margin:0 0 16px;padding-left:20px">${items.map((i) => `<li style="margin-bottom:8px">${escapeHtml(i.said.lines.join(" "))} <a href="${escapeHtml(i.link)}" style="color:#2f4f4f">${escapeHtml(i.said.button)}</a></li>`).join("")}</ul>`,
      ];
  const html = [
    `<!doctype html>`,
    `<html lang="${input.language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#f4f4f2;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#1d1d1b;line-height:1.5">`,
    `<div style="max-width:520px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px">`,
    paragraph(escapeHtml(frame.greeting(name))),
    ...body,
    paragraph("— fogwar"),
    `<p style="margin:0;font-size:12px;color:#6b6b66">${escapeHtml(frame.why)} <a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#6b6b66">${escapeHtml(frame.unsubscribe)}</a></p>`,
    `</div></body></html>`,
  ].join("\n");
  return { subject, text, html };
}
