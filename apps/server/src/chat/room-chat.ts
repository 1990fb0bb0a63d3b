/**
 * A match room's chat: checks a posted line (audience, rate), stores it, then sends it to every
 * connection that may hear it ({@link mayHear}); sends each joining or reconnecting connection
 * its backlog; releases held `players` lines to spectators as a delayed caster feed moves.
 * A line is stored before it is sent: nothing anyone has read is lost by a restart.
 *
 * Lines are numbered per audience (per team for team lines; `ChatLine.n`, `ChatLine.id`), by
 * the store, so a listener's numbers run 1, 2, 3 ... over what it hears and count nothing it
 * does not hear, across restarts and processes. Nothing else sent with a line depends on lines of
 * other audiences: the room keeps its recent lines per audience, so a backlog is the same however
 * much was said where the listener cannot hear, and a spectator's line carries the log position
 * of the board spectators see (the delayed caster feed's), not the live one.
 */
import { getMessageBytes, Protocol, type Client } from "@colyseus/core";
import { CHAT_BACKLOG_LINES, CHAT_BURST, CHAT_PER_SECOND, chatLineId, type ChatLine, type ChatMessage, type ProtocolErrorCode } from "@fogwar/protocol";
import { RateLimiter } from "../rate-limit.js";
import { isStoreUnavailable, type MatchStore, type StoredChatLine } from "../store/index.js";
import { mayHear, readable, writable, type ChatListener, type ChatRoster } from "./audience.js";

/** How many of a match's last lines of each audience (each team's apart) a room keeps in memory, for backlogs. */
export const CHAT_KEPT = 200;

/** Who is speaking: the listener it is, the name shown, and the key its rate is counted under. */
export interface ChatSpeaker {
  readonly listener: ChatListener;
  readonly name: string | null;
  /** A seat's lines count per seat (`seat:p1`), a spectator's per address. */
  readonly rateKey: string;
}

/** A stored line as the protocol sends it (the store's own `id` stays here: only the line's number in its audience is sent). */
export function wireLine(line: StoredChatLine): ChatLine {
  return { id: chatLineId(line.audience, line.team, line.number), n: line.number, audience: line.audience, team: line.team, seat: line.seat, name: line.name, text: line.text, seq: line.logSeq, at: line.at };
}

/** A line held by the room: as sent, and its place in the store's order (to merge audiences). */
interface KeptLine {
  readonly order: number;
  readonly line: ChatLine;
}

/** The audience a line is numbered in: `players`, `spectators` or `team:<team>`. */
const audienceKey = (line: Pick<ChatLine, "audience" | "team">): string => (line.audience === "team" ? `team:${line.team ?? ""}` : line.audience);

export class RoomChat {
  private readonly limiter = new RateLimiter(CHAT_PER_SECOND, CHAT_BURST);

  private constructor(
    private readonly store: MatchStore,
    private readonly matchId: string,
    readonly roster: ChatRoster,
    private readonly names: ReadonlyMap<string, string>,
    /** The last CHAT_KEPT lines of each audience, in the order they were said. */
    private readonly recent: Map<string, KeptLine[]>,
  ) {}

  /** Loads a match's recent lines and its seats' names. @throws the store's error. */
  static async load(store: MatchStore, matchId: string, roster: ChatRoster): Promise<RoomChat> {
    const [record, lines] = await Promise.all([store.getMatch(matchId), store.chatLines(matchId, CHAT_KEPT)]);
    const names = new Map((record?.seats ?? []).map((s) => [s.seat, s.playerName] as const));
    const recent = new Map<string, KeptLine[]>();
    for (const line of lines) RoomChat.keep(recent, { order: line.id, line: wireLine(line) });
    return new RoomChat(store, matchId, roster, names, recent);
  }

  /** Adds a line to its audience's recent lines (the oldest dropped past CHAT_KEPT). */
  private static keep(recent: Map<string, KeptLine[]>, kept: KeptLine): void {
    const key = audienceKey(kept.line);
    const lines = recent.get(key) ?? [];
    lines.push(kept);
    if (lines.length > CHAT_KEPT) lines.splice(0, lines.length - CHAT_KEPT);
    recent.set(key, lines);
  }

  /** The speaker a connection is: a seat speaks under its seat's player name, a spectator under its join name. */
  speaker(listener: ChatListener, joinName: string | null, address: string): ChatSpeaker {
    if (listener.kind === "seat") return { listener, name: this.names.get(listener.seat) ?? null, rateKey: `seat:${listener.seat}` };
    return { listener, name: joinName, rateKey: `address:${address}` };
  }

  /** Sends a connection its audiences and the last lines it may hear (after every welcome). */
  sendBacklog(client: Client, listener: ChatListener, horizon: number | null): void {
    const lines = [...this.recent.values()]
      .flat()
      .filter(({ line }) => mayHear(line, listener, this.roster, horizon))
      .sort((a, b) => a.order - b.order)
      .slice(-CHAT_BACKLOG_LINES)
      .map(({ line }) => line);
    client.send("chat_backlog", { type: "chat_backlog", read: readable(listener, this.roster), write: writable(listener, this.roster), lines });
  }

  /**
   * Posts a line: refused (nothing stored or sent) when the speaker may not post to the audience
   * (`chat_audience_closed`) or posts too fast (`chat_rate_limited`), or when the store fails
   * (`service_unavailable`, `server_error`). Else stored, then sent to every connection of
   * `listeners` that may hear it (the speaker's own included). `seq`: the match's last log
   * sequence number; a spectator's line is stored with the caster feed's (`horizon`) when
   * spectators watch a delayed feed (the board it saw; the live position is not theirs to learn).
   * @returns the refusal, or null.
   */
  async post(speaker: ChatSpeaker, message: ChatMessage, seq: number, listeners: () => Iterable<readonly [Client, ChatListener]>, horizon: () => number | null): Promise<ProtocolErrorCode | null> {
    if (!writable(speaker.listener, this.roster).includes(message.audience)) return "chat_audience_closed";
    if (!this.limiter.take(speaker.rateKey)) return "chat_rate_limited";
    const team = message.audience === "team" && speaker.listener.kind === "seat" ? (this.roster.teams.get(speaker.listener.seat) ?? null) : null;
    let stored: StoredChatLine;
    try {
      stored = await this.store.appendChat(this.matchId, {
        audience: message.audience,
        team,
        seat: speaker.listener.kind === "seat" ? speaker.listener.seat : null,
        name: speaker.name,
        text: message.text,
        logSeq: speaker.listener.kind === "spectator" ? Math.min(seq, horizon() ?? seq) : seq,
      });
    } catch (error) {
      return isStoreUnavailable(error) ? "service_unavailable" : "server_error";
    }
    const line = wireLine(stored);
    RoomChat.keep(this.recent, { order: stored.id, line });
    this.send([line], listeners(), horizon());
    return null;
  }

  /**
   * The caster feed moved from `from` to `to`: spectators now hear the `players` lines said in
   * between (held back until now; see ./audience.ts).
   */
  release(from: number, to: number, listeners: Iterable<readonly [Client, ChatListener]>): void {
    if (to <= from) return;
    const held = (this.recent.get("players") ?? []).map(({ line }) => line).filter((line) => line.seq > from && line.seq <= to);
    if (held.length === 0) return;
    const spectators = [...listeners].filter(([, listener]) => listener.kind === "spectator");
    this.send(held, spectators, to);
  }

  /** Sends lines to the connections that may hear them, each line encoded once. */
  private send(lines: readonly ChatLine[], listeners: Iterable<readonly [Client, ChatListener]>, horizon: number | null): void {
    const targets = [...listeners];
    for (const line of lines) {
      let frame: Uint8Array | null = null;
      for (const [client, listener] of targets) {
        if (!mayHear(line, listener, this.roster, horizon)) continue;
        frame ??= getMessageBytes.raw(Protocol.ROOM_DATA, "chat", { type: "chat", line });
        client.enqueueRaw(frame);
      }
    }
  }
}
