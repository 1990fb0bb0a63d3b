/**
 * The words of a Web Push notification (docs/protocol.md "Notifications"): a batch of owed
 * notifications rendered into one {@link PushMessage} in the recipient's language (en or ko),
 * saying what happened and whose turn it is. It reads the payloads only (built from the
 * recipient's own view), so it can tell nothing that view does not show.
 *
 * One match's notifications (one, or several owed together) become its latest one; several
 * matches' become a digest ("3 games await you") whose body lists them and which opens my games.
 */
import type { NotificationKind, NotificationPayload, PushMessage } from "@fogwar/protocol";
import type { OwedNotification, Recipient } from "./channel.js";

/** The largest message (bytes of JSON) sent: a push service takes 4,096 encrypted bytes, 3,993 of them payload. */
export const MAX_PUSH_MESSAGE_BYTES = 3800;
/** Lines a digest's body lists before "and N more". */
const DIGEST_LINES = 4;
const MAX_TITLE = 120;
const MAX_BODY = 400;

type Language = Recipient["language"];

/** The strings of one language. `turn` is the "whose turn" sentence for the awaited names. */
interface Words {
  readonly you: string;
  readonly what: (kind: NotificationKind, p: NotificationPayload) => string;
  readonly moved: (actor: string) => string;
  readonly turn: (names: readonly string[], mine: boolean) => string;
  readonly begun: string;
  readonly over: string;
  readonly answer: string;
  readonly left: (text: string) => string;
  readonly duration: (days: number, hours: number, minutes: number) => string;
  readonly digest: (n: number) => string;
  readonly more: (n: number) => string;
}

const EN: Words = {
  you: "you",
  what: (kind, p) => {
    switch (kind) {
      case "your_move":
        return "Your move";
      case "opponent_joined":
        return p.actor ? `${p.actor} joined` : "Your opponent joined";
      case "match_over":
        return p.outcome === "win" ? "You won" : p.outcome === "loss" ? "You lost" : p.outcome === "draw" ? "Draw" : "Match over";
      case "challenge_received":
        return p.from ? `${p.from} challenges you` : "A challenge for you";
      case "time_running_out":
        return "Your clock runs low";
    }
  },
  moved: (actor) => `${actor} moved.`,
  turn: (names, mine) => (names.length === 1 ? (mine ? "It is your turn." : `It is ${names[0]}'s turn.`) : `Awaited: ${names.join(", ")}.`),
  begun: "The match has begun.",
  over: "The match is over: open it to look back.",
  answer: "Open it to accept or decline.",
  left: (text) => `${text} left to move.`,
  duration: (d, h, m) => (d > 0 ? `${d} d ${h} h` : h > 0 ? `${h} h ${m} min` : `${Math.max(1, m)} min`),
  digest: (n) => `${n} games await you`,
  more: (n) => `and ${n} more`,
};

const KO: Words = {
  you: "당신",
  what: (kind, p) => {
    switch (kind) {
      case "your_move":
        return "당신 차례";
      case "opponent_joined":
        return p.actor ? `${p.actor} 님이 들어왔습니다` : "상대가 들어왔습니다";
      case "match_over":
        return p.outcome === "win" ? "승리했습니다" : p.outcome === "loss" ? "패배했습니다" : p.outcome === "draw" ? "무승부" : "대국 종료";
      case "challenge_received":
        return p.from ? `${p.from} 님의 도전` : "도전이 왔습니다";
      case "time_running_out":
        return "시간이 얼마 남지 않았습니다";
    }
  },
  moved: (actor) => `${actor} 님이 두었습니다.`,
  turn: (names, mine) => (names.length === 1 ? (mine ? "당신 차례입니다." : `${names[0]} 님의 차례입니다.`) : `기다리는 중: ${names.join(", ")}.`),
  begun: "대국이 시작되었습니다.",
  over: "대국이 끝났습니다. 열어서 돌아보세요.",
  answer: "열어서 수락하거나 거절하세요.",
  left: (text) => `${text} 남았습니다.`,
  duration: (d, h, m) => (d > 0 ? `${d}일 ${h}시간` : h > 0 ? `${h}시간 ${m}분` : `${Math.max(1, m)}분`),
  digest: (n) => `게임 ${n}개가 당신을 기다립니다`,
  more: (n) => `외 ${n}개`,
};

const WORDS: Record<Language, Words> = { en: EN, ko: KO };

/** `text` cut to `max` characters (code points), with an ellipsis when cut. */
function cut(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join("")}…`;
}

/** A path on this site (`/...`, not `//host`), else my games. */
const sitePath = (url: string): string => (url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\") ? url : "/games");

/** The match's public name for a title: its title, else its ruleset. */
const matchName = (p: NotificationPayload): string | undefined => p.title ?? p.ruleset;

/** The headline of one notification: what happened, and in which match. */
function headline(words: Words, p: NotificationPayload): string {
  const what = words.what(p.kind, p);
  const name = p.kind === "challenge_received" ? undefined : matchName(p);
  return name ? `${what} · ${name}` : what;
}

/** "Whose turn" for the awaited names, the recipient's own name as "you". */
function turnOf(words: Words, p: NotificationPayload, me: string): string | undefined {
  const names = p.whoseTurn ?? [];
  if (names.length === 0) return undefined;
  const mine = names.includes(me);
  return words.turn(
    names.map((n) => (n === me ? words.you : n)),
    mine,
  );
}

/** The time left before `deadline` at `now`, in words (days and hours, hours and minutes, or minutes). */
function timeLeft(words: Words, deadline: number, now: number): string {
  const minutes = Math.max(0, Math.floor((deadline - now) / 60_000));
  return words.duration(Math.floor(minutes / 1440), Math.floor((minutes % 1440) / 60), minutes % 60);
}

/** The body of one notification. */
function bodyOf(words: Words, p: NotificationPayload, me: string, now: number): string {
  const turn = turnOf(words, p, me);
  const parts: (string | undefined)[] = [];
  switch (p.kind) {
    case "your_move":
      parts.push(p.actor ? words.moved(p.actor) : undefined, turn);
      break;
    case "opponent_joined":
      parts.push(turn ?? words.begun);
      break;
    case "match_over":
      parts.push(words.over);
      break;
    case "challenge_received":
      parts.push(matchName(p), words.answer);
      break;
    case "time_running_out":
      parts.push(p.deadline !== undefined ? words.left(timeLeft(words, p.deadline, now)) : undefined, turn);
      break;
  }
  return parts.filter((s) => s !== undefined && s !== "").join(" ");
}

/** The tag (one notification per match on a device) of a match or a kind. */
function tagOf(p: NotificationPayload): string {
  return p.matchId ? `match:${p.matchId}` : p.kind;
}

/** The latest notification of each match (or of each kind without a match), newest first. */
function latestPerTopic(batch: readonly OwedNotification[]): OwedNotification[] {
  const latest = new Map<string, OwedNotification>();
  for (const owed of batch) {
    const key = tagOf(owed.payload);
    const seen = latest.get(key);
    if (!seen || owed.owedAt > seen.owedAt || (owed.owedAt === seen.owedAt && owed.id > seen.id)) latest.set(key, owed);
  }
  return [...latest.values()].sort((a, b) => b.owedAt - a.owedAt || b.id - a.id);
}

const bytes = (message: PushMessage): number => Buffer.byteLength(JSON.stringify(message));

/** `message` made to fit {@link MAX_PUSH_MESSAGE_BYTES}: payloads dropped from the end, then the body cut. */
function fitted(message: PushMessage): PushMessage {
  let fit = message;
  while (bytes(fit) > MAX_PUSH_MESSAGE_BYTES && fit.payloads.length > 0) fit = { ...fit, payloads: fit.payloads.slice(0, -1) };
  while (bytes(fit) > MAX_PUSH_MESSAGE_BYTES && fit.body.length > 0) fit = { ...fit, body: cut(fit.body, Math.floor([...fit.body].length / 2)) };
  return fit;
}

/**
 * The push message of a batch for `recipient`, in the recipient's language, at `now` (ms: the
 * time left on a clock is counted from it). A batch of one match (or one kind without a match)
 * says its newest notification; a batch of several matches is a digest listing the newest of
 * each. The message's JSON is at most {@link MAX_PUSH_MESSAGE_BYTES} bytes.
 * @throws Error for an empty batch.
 */
export function pushMessageOf(recipient: Recipient, batch: readonly OwedNotification[], now: number): PushMessage {
  if (batch.length === 0) throw new Error("an empty batch has no push message");
  const words = WORDS[recipient.language] ?? EN;
  const items = latestPerTopic(batch);
  const payloads = items.map((o) => o.payload);
  if (items.length === 1) {
    const p = items[0]!.payload;
    return fitted({ title: cut(headline(words, p), MAX_TITLE), body: cut(bodyOf(words, p, recipient.name, now), MAX_BODY), url: sitePath(p.url), tag: tagOf(p), payloads });
  }
  const lines = payloads.slice(0, DIGEST_LINES).map((p) => headline(words, p));
  if (payloads.length > DIGEST_LINES) lines.push(words.more(payloads.length - DIGEST_LINES));
  return fitted({ title: cut(words.digest(items.length), MAX_TITLE), body: cut(lines.join("\n"), MAX_BODY), url: "/games", tag: "digest", payloads });
}

/** How long (s) a push service keeps a message for an offline device: a day, or until the clock's deadline. */
export function pushTtlOf(batch: readonly OwedNotification[], now: number): number {
  const day = 24 * 3600;
  const ttls = batch.map((o) => (o.payload.kind === "time_running_out" && o.payload.deadline !== undefined ? Math.floor((o.payload.deadline - now) / 1000) : day));
  return Math.max(60, Math.min(day, ...ttls));
}

const URGENCY = { time_running_out: "high", your_move: "normal", challenge_received: "normal", opponent_joined: "normal", match_over: "low" } as const satisfies Record<NotificationKind, string>;
const URGENCY_ORDER = ["very-low", "low", "normal", "high"] as const;

/** The Web Push `Urgency` of a batch: the most urgent of its kinds (a running clock is high, a match's end low). */
export function pushUrgencyOf(batch: readonly OwedNotification[]): (typeof URGENCY_ORDER)[number] {
  return URGENCY_ORDER[Math.max(...batch.map((o) => URGENCY_ORDER.indexOf(URGENCY[o.payload.kind])))] ?? "normal";
}
