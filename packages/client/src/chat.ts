/**
 * A connection's table chat, outside React: what the server's `chat_backlog` and `chat`
 * messages say (the audiences this connection reads and writes, and the lines it heard), and
 * the last refusal of a line it posted.
 */
import type { ChatAudience, ChatLine } from "@fogwar/protocol";

/** The chat as a connection knows it. `lines` in the order they were said ({@link saidBefore}), without duplicates. */
export interface ChatState {
  readonly read: readonly ChatAudience[];
  readonly write: readonly ChatAudience[];
  readonly lines: readonly ChatLine[];
  /** The code of the last refused line (`chat_too_long`, `chat_rate_limited`, ...), until the next line is posted. */
  readonly error: string | null;
}

/** Before the first backlog: nothing to read or write. */
export const NO_CHAT: ChatState = { read: [], write: [], lines: [], error: null };

/** The most lines a client keeps. */
export const CHAT_LINES_KEPT = 300;

/** The chat after a `chat_backlog`: its audiences and lines replace what was held (the error stays). */
export function withBacklog(chat: ChatState, backlog: { read: readonly ChatAudience[]; write: readonly ChatAudience[]; lines: readonly ChatLine[] }): ChatState {
  return { ...chat, read: backlog.read, write: backlog.write, lines: backlog.lines.slice(-CHAT_LINES_KEPT) };
}

/**
 * The order lines were said in: by time (`at`, which rises with `n` within an audience), then
 * by number. Ids are numbered per audience (`players:3`, `team:attack:2`), so they order lines
 * only within one audience.
 */
export const saidBefore = (a: ChatLine, b: ChatLine): number => a.at - b.at || a.n - b.n;

/** The chat with one more line (ignored when already held by its `id`). */
export function withLine(chat: ChatState, line: ChatLine): ChatState {
  if (chat.lines.some((l) => l.id === line.id)) return chat;
  const lines = [...chat.lines, line].sort(saidBefore).slice(-CHAT_LINES_KEPT);
  return { ...chat, lines };
}

/** Whether a protocol error code answers a chat line (and not a command). */
export const isChatError = (code: string): boolean => code.startsWith("chat_");
