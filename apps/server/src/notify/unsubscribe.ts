/**
 * E-mail unsubscribe links (docs/protocol.md "Notifications"): a token naming an account, a kind
 * (or every kind) and a language, signed with HMAC-SHA256 under the server's `unsubscribe` key
 * (made at first start, shared by every process: `store.notifications.serverKey`). The token never
 * expires (an old e-mail's link still works) and carries no address.
 *
 * Routes, mounted at /api/notifications:
 * - `GET /unsubscribe/:token`: a small page in the token's language asking to confirm (a form
 *   that posts to the same address), so a mail scanner following links changes nothing;
 * - `POST /unsubscribe/:token`: turns e-mail off for that kind (or every kind) in the account's
 *   notification settings and answers a page saying so; also what a mail client's one-click
 *   unsubscribe (RFC 8058, `List-Unsubscribe-Post: List-Unsubscribe=One-Click`) sends.
 * A malformed or forged token: 404 with a page saying the link does not work.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { DEFAULT_NOTIFICATION_SETTINGS, NOTIFICATION_KINDS, NotificationSettings, type NotificationKind } from "@fogwar/protocol";
import express, { type Response, type Router } from "express";
import type { Logger } from "pino";
import { escapeHtml } from "../mail/reset.js";
import type { MatchStore } from "../store/index.js";

/** What an unsubscribe token names. `kind` null: every kind. */
export interface UnsubscribeScope {
  readonly accountId: string;
  readonly kind: NotificationKind | null;
  readonly language: "en" | "ko";
}

/** Longest token accepted (a few hundred characters in practice). */
const MAX_TOKEN = 512;

/** The server's unsubscribe secret (made once, shared by the processes), read once per store. */
const secrets = new WeakMap<MatchStore, Promise<string>>();
export function unsubscribeSecret(store: MatchStore): Promise<string> {
  let secret = secrets.get(store);
  if (!secret) {
    secret = store.notifications.serverKey("unsubscribe", randomBytes(32).toString("base64url")).then((v) => String(v));
    secret.catch(() => secrets.delete(store));
    secrets.set(store, secret);
  }
  return secret;
}

const sign = (secret: string, body: string): string => createHmac("sha256", secret).update(body).digest("base64url");

/** A signed token for `scope`. */
export function unsubscribeToken(secret: string, scope: UnsubscribeScope): string {
  const body = Buffer.from(JSON.stringify({ a: scope.accountId, k: scope.kind, l: scope.language })).toString("base64url");
  return `${body}.${sign(secret, body)}`;
}

/** The scope a token names, or null when it is malformed or its signature is not the server's. */
export function readUnsubscribeToken(secret: string, token: string): UnsubscribeScope | null {
  if (token.length > MAX_TOKEN) return null;
  const [body, mac, extra] = token.split(".");
  if (!body || !mac || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const value = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as { a?: unknown; k?: unknown; l?: unknown };
    if (typeof value.a !== "string" || (value.k !== null && !NOTIFICATION_KINDS.includes(value.k as NotificationKind))) return null;
    return { accountId: value.a, kind: value.k as NotificationKind | null, language: value.l === "ko" ? "ko" : "en" };
  } catch {
    return null;
  }
}

/** The address of the unsubscribe link for `scope`. */
export async function unsubscribeUrl(store: MatchStore, publicUrl: string, scope: UnsubscribeScope): Promise<string> {
  return `${publicUrl}/api/notifications/unsubscribe/${unsubscribeToken(await unsubscribeSecret(store), scope)}`;
}

const KIND_NAMES: Record<"en" | "ko", Record<NotificationKind, string>> = {
  en: { your_move: "your move", opponent_joined: "your opponent joined", match_over: "match over", challenge_received: "challenges", time_running_out: "time running out" },
  ko: { your_move: "내 차례", opponent_joined: "상대 입장", match_over: "대국 종료", challenge_received: "도전 신청", time_running_out: "남은 시간 부족" },
};

const PAGE_WORDS = {
  en: {
    title: "fogwar e-mails",
    ask: (what: string) => `Stop e-mails about ${what}?`,
    askAll: "Stop all fogwar notification e-mails?",
    button: "Unsubscribe",
    done: (what: string) => `Done: no more e-mails about ${what}. You can turn them on again in your notification settings.`,
    doneAll: "Done: no more notification e-mails. You can turn them on again in your notification settings.",
    bad: "This unsubscribe link does not work. You can change your e-mails in your notification settings.",
  },
  ko: {
    title: "fogwar 이메일",
    ask: (what: string) => `'${what}' 이메일을 그만 받으시겠어요?`,
    askAll: "fogwar 알림 이메일을 모두 그만 받으시겠어요?",
    button: "수신 거부",
    done: (what: string) => `완료: 이제 '${what}' 이메일을 보내지 않습니다. 알림 설정에서 다시 켤 수 있습니다.`,
    doneAll: "완료: 이제 알림 이메일을 보내지 않습니다. 알림 설정에서 다시 켤 수 있습니다.",
    bad: "이 수신 거부 링크는 사용할 수 없습니다. 알림 설정에서 이메일을 바꿀 수 있습니다.",
  },
};

/** A small page (status, language, body HTML). */
function page(res: Response, status: number, language: "en" | "ko", body: string): void {
  const words = PAGE_WORDS[language];
  res
    .status(status)
    .type("html")
    .setHeader("Cache-Control", "no-store")
    .send(
      `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(words.title)}</title></head>` +
        `<body style="margin:0;padding:24px;background:#f4f4f2;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#1d1d1b;line-height:1.5"><main style="max-width:520px;margin:0 auto;padding:24px;background:#fff;border-radius:8px">${body}</main></body></html>`,
    );
}

/** Turns e-mail off for the scope's kind (or every kind) in the account's settings. */
export async function unsubscribe(store: MatchStore, scope: UnsubscribeScope): Promise<void> {
  const parsed = NotificationSettings.safeParse(await store.notifications.settingsOf(scope.accountId));
  const settings = parsed.success ? parsed.data : DEFAULT_NOTIFICATION_SETTINGS;
  const kinds = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, scope.kind === null || scope.kind === k ? { ...settings.kinds[k], email: false } : settings.kinds[k]])) as NotificationSettings["kinds"];
  await store.notifications.saveSettings(scope.accountId, { ...settings, kinds });
}

/** The unsubscribe routes, mounted at /api/notifications. */
export function unsubscribeRoutes(services: { readonly store: MatchStore; readonly log: Logger }): Router {
  const router = express.Router();
  const scopeOf = async (token: string | undefined): Promise<UnsubscribeScope | null> => (token ? readUnsubscribeToken(await unsubscribeSecret(services.store), token) : null);
  router.get("/unsubscribe/:token", async (req, res) => {
    const scope = await scopeOf(req.params.token);
    if (!scope) return page(res, 404, "en", `<p>${escapeHtml(PAGE_WORDS.en.bad)}</p><p lang="ko">${escapeHtml(PAGE_WORDS.ko.bad)}</p>`);
    const words = PAGE_WORDS[scope.language];
    const question = scope.kind === null ? words.askAll : words.ask(KIND_NAMES[scope.language][scope.kind]);
    page(res, 200, scope.language, `<form method="post"><p>${escapeHtml(question)}</p><button type="submit" style="padding:10px 18px;background:#2f4f4f;color:#fff;border:0;border-radius:6px;font-size:1rem">${escapeHtml(words.button)}</button></form>`);
  });
  router.post("/unsubscribe/:token", async (req, res) => {
    const scope = await scopeOf(req.params.token);
    if (!scope) return page(res, 404, "en", `<p>${escapeHtml(PAGE_WORDS.en.bad)}</p><p lang="ko">${escapeHtml(PAGE_WORDS.ko.bad)}</p>`);
    await unsubscribe(services.store, scope);
    services.log.info({ kind: scope.kind ?? "all" }, "notifications: e-mail turned off by an unsubscribe link");
    const words = PAGE_WORDS[scope.language];
    page(res, 200, scope.language, `<p>${escapeHtml(scope.kind === null ? words.doneAll : words.done(KIND_NAMES[scope.language][scope.kind]))}</p>`);
  });
  return router;
}
