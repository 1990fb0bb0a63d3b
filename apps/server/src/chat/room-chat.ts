/**
 * A match room's chat: checks a posted line (audience, rate), stores it, then sends it to every
 * connection that may hear it ({@link mayHear}); sends each joining or reconnecting connection
 * its backlog; releases held `players` lines to spectators as a delayed caster feed moves.
 * A line is stored before it is sent: nothing anyone has read is lost by a restart.
 */
import { getMessageBytes, Protocol, type Client } from "@colyseus/core";
import { CHAT_BACKLOG_LINES, CHAT_BURST, CHAT_PER_SECOND, type ChatLine, type ChatMessage, type ProtocolErrorCode } from "@fogwar/protocol";
import { RateLimiter } from "../rate-limit.js";
import { isStoreUnavailable, type MatchStore, type StoredChatLine } from "../store/index.js";
import { mayHear, readable, writable, type ChatListener, type ChatRoster } from "./audience.js";

/** How many of a match's last lines a room keeps in memory (every audience), for backlogs. */
export const CHAT_KEPT = 200;

/** Who is speaking: the listener it is, the name shown, and the key its rate is counted under. */
export interface ChatSpeaker {
  readonly listener: ChatListener;
  readonly name: string | null;
  /** A seat's lines count per seat (`seat:p1`), a spectator's per address. */
  readonly rateKey: string;
}

/** A stored line as the protocol sends it. */
export function wireLine(line: StoredChatLine): ChatLine {
  return { id: line.id, audience: line.audience, team: line.team, seat: line.seat, name: line.name, text: line.text, seq: line.logSeq, at: line.at };
}

export class RoomChat {
  private readonly limiter = new RateLimiter(CHAT_PER_SECOND, CHAT_BURST);

  private constructor(
    private readonly store: MatchStore,
    private readonly matchId: string,
    readonly roster: ChatRoster,
    private readonly names: ReadonlyMap<string, string>,
    private recent: ChatLine[],
  ) {}

  /** Loads a match's recent lines and its seats' names. @throws the store's error. */
  static async load(store: MatchStore, matchId: string, roster: ChatRoster): Promise<RoomChat> {
    const [record, lines] = await Promise.all([store.getMatch(matchId), store.chatLines(matchId, CHAT_KEPT)]);
    const names = new Map((record?.seats ?? []).map((s) => [s.seat, s.playerName] as const));
    return new RoomChat(store, matchId, roster, names, lines.map(wireLine));
  }

  /** The speaker a connection is: a seat speaks under its seat's player name, a spectator under its join name. */
  speaker(listener: ChatListener, joinName: string | null, address: string): ChatSpeaker {
    if (listener.kind === "seat") return { listener, name: this.names.get(listener.seat) ?? null, rateKey: `seat:${listener.seat}` };
    return { listener, name: joinName, rateKey: `address:${address}` };
  }

  /** Sends a connection its audiences and the last lines it may hear (after every welcome). */
  sendBacklog(client: Client, listener: ChatListener, horizon: number | null): void {
    const lines = this.recent.filter((line) => mayHear(line, listener, this.roster, horizon)).slice(-CHAT_BACKLOG_LINES);
    client.send("chat_backlog", { type: "chat_backlog", read: readable(listener, this.roster), write: writable(listener, this.roster), lines });
  }

  /**
   * Posts a line: refused (nothing stored or sent) when the speaker may not post to the audience
   * (`chat_audience_closed`) or posts too fast (`chat_rate_limited`), or when the store fails
   * (`service_unavailable`, `server_error`). Else stored, then sent to every connection of
   * `listeners` that may hear it (the speaker's own included). @returns the refusal, or null.
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
        logSeq: seq,
      });
    } catch (error) {
      return isStoreUnavailable(error) ? "service_unavailable" : "server_error";
    }
    const line = wireLine(stored);
    this.recent.push(line);
    if (this.recent.length > CHAT_KEPT) this.recent = this.recent.slice(-CHAT_KEPT);
    this.send([line], listeners(), horizon());
    return null;
  }

  /**
   * The caster feed moved from `from` to `to`: spectators now hear the `players` lines said in
   * between (held back until now; see ./audience.ts).
   */
  release(from: number, to: number, listeners: Iterable<readonly [Client, ChatListener]>): void {
    if (to <= from) return;
    const held = this.recent.filter((line) => line.audience === "players" && line.seq > from && line.seq <= to);
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
