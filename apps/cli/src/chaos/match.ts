/**
 * One match in a chaos run: created over REST (with an `Idempotency-Key` scoped by the run's
 * creator key, retried with the same key when the answer is lost), each seat's invite claimed
 * with a claim key kept for retries (a lost claim answer is claimed again with the same key, for
 * the same token), played by random bots over WebSocket, every acknowledgement recorded. After a restart the seats rejoin with their tokens and the unanswered command is
 * sent again with the same id.
 */
import { RandomBot, Random, rngStateFromSeed } from "@fogwar/engine";
import { emberBotPolicy, legalCommandsInView, type EmberCommand, type EmberView } from "@fogwar/ember";
import { CREATOR_KEY_HEADER, type CreateMatchResponse } from "@fogwar/protocol";
import { ClaimError, claimInvite, newClaimKey, type ClaimedMatch } from "../claims";
import { crossroadsRequest } from "../games/ember/online";
import { ChaosSeat } from "./seat";

/** An acknowledged command: the server answered `accepted` with this seq. */
export interface Ack {
  readonly matchId: string;
  readonly seat: string;
  readonly id: string;
  readonly seq: number;
}

/** Why `play` returned. */
export type PlayOutcome = "finished" | "stopped" | "disconnected" | "refused" | "limit";

/** A creation request not answered yet: sent again with the same key, its seats claimed with the same claim keys. */
export interface PendingCreation {
  readonly key: string;
  readonly body: string;
  /** How many times it was sent. */
  sent: number;
  /** The requester's creator key (scopes `key`), the seats' claim keys and the invites seen so far. */
  readonly creator?: string;
  readonly claimKeys?: Record<string, string>;
  readonly invites?: Record<string, string>;
}

/** The creator key of this process's chaos runs. */
const CREATOR = newClaimKey();

const CRASHED = new Error("the server is unreachable");

/** A match request body for EMBER crossroads with two sample armies picked by `rng`. */
export function matchRequest(rng: Random, n: number): PendingCreation {
  const body = JSON.stringify(crossroadsRequest((items) => rng.pick(items), `chaos-${n}`));
  return { key: `chaos-${n}-${rng.int(0, 2 ** 31)}`, body, sent: 0, creator: CREATOR, claimKeys: {}, invites: {} };
}

/**
 * Sends a pending creation and claims its seats. @returns the created match with each seat's
 * token, or null when an answer was lost (the server died or was down: send it again). @throws
 * Error on a 4xx answer (a harness bug).
 */
export async function create(base: string, pending: PendingCreation): Promise<ClaimedMatch | null> {
  pending.sent++;
  let response: Response;
  try {
    response = await fetch(`${base}/api/matches`, {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": pending.key, [CREATOR_KEY_HEADER]: pending.creator ?? CREATOR },
      body: pending.body,
      signal: AbortSignal.timeout(15_000),
    });
  } catch {
    return null;
  }
  const body = (await response.json().catch(() => null)) as (CreateMatchResponse & { error?: { code: string } }) | null;
  if (response.status >= 500 || !body) return null;
  if (!response.ok) throw new Error(`POST /api/matches: ${response.status} ${body.error?.code}`);
  const invites = pending.invites ?? {};
  const claimKeys = pending.claimKeys ?? {};
  for (const seat of body.seats) if (seat.invite) invites[seat.seat] = seat.invite;
  const seats: ClaimedMatch["seats"] = [];
  for (const seat of body.seats) {
    const invite = invites[seat.seat];
    if (!invite) throw new Error(`seat ${seat.seat}: claimed, and this run never saw its invite`);
    const claimKey = (claimKeys[seat.seat] ??= newClaimKey());
    try {
      seats.push({ ...seat, token: await claimInvite(base, body.matchId, seat.seat, invite, claimKey, AbortSignal.timeout(15_000)) });
    } catch (error) {
      if (error instanceof ClaimError && (error.status === 0 || error.status >= 500)) return null;
      throw error;
    }
  }
  return { ...body, seats };
}

/** A match being played by bots. */
export class ChaosMatch {
  readonly acks: Ack[] = [];
  /** Answers other than `accepted`, by kind or code (rejected:..., error:...). */
  readonly refusals = new Map<string, number>();
  /** The sent command not answered yet (resent with the same id after a reconnection). */
  private pending: { seat: string; id: string; command: EmberCommand } | null = null;
  private seats: ChaosSeat[] = [];
  private readonly bots: Map<string, RandomBot<EmberCommand>>;
  private next = 1;
  /** Commands sent, resends included. */
  sent = 0;
  resent = 0;
  /** Joins refused with "room not found" though the match is stored as live (retried). */
  notFoundJoins = 0;
  /** The match's state had a result the last time it was seen. */
  over = false;

  /** Called just after each command is sent (the run can time a kill from it). */
  onSend: (() => void) | null = null;

  constructor(
    readonly created: ClaimedMatch,
    seed: string,
  ) {
    this.bots = new Map(created.seats.map((s) => [s.seat, new RandomBot<EmberCommand>(`${seed}:${s.seat}`, emberBotPolicy)]));
  }

  get matchId(): string {
    return this.created.matchId;
  }

  /** The joined seats (empty when disconnected). */
  get connectedSeats(): readonly ChaosSeat[] {
    return this.seats;
  }

  /** Whether every seat is joined and connected. */
  get connected(): boolean {
    return this.seats.length > 0 && this.seats.every((s) => !s.gone);
  }

  /**
   * Asks the server whether the match is still live (GET /api/matches/:id); if so, joins every
   * seat with its token and waits (up to 10 s) for the first states. @returns false when the
   * match is over in the store (then `over` is set). @throws when the server is unreachable or a
   * join is refused or times out.
   */
  async connect(base: string): Promise<boolean> {
    this.disconnect();
    const response = await fetch(`${base}/api/matches/${this.matchId}`, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`GET /api/matches/${this.matchId}: ${response.status}`);
    const body = (await response.json()) as { match: { status: string } };
    if (body.match.status !== "live") {
      this.over = true;
      return false;
    }
    const wsUrl = base.replace(/^http/, "ws");
    for (const s of this.created.seats) this.seats.push(await this.join(wsUrl, s.seat, s.token));
    for (const seat of this.seats) if (!(await seat.until(() => seat.view(), 10_000))) throw CRASHED;
    return true;
  }

  /**
   * Joins one seat. A live match's room may not be rebuilt yet right after a start (the port
   * answers first): "not found" refusals are retried for up to 10 s and counted in `notFoundJoins`.
   */
  private async join(wsUrl: string, seat: string, token: string): Promise<ChaosSeat> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      try {
        return await ChaosSeat.join(wsUrl, this.matchId, seat, token);
      } catch (error) {
        if (!/not found/i.test((error as Error).message) || Date.now() > deadline) throw error;
        this.notFoundJoins++;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  }

  /** Drops every connection (without waiting). */
  disconnect(): void {
    for (const seat of this.seats) seat.close();
    this.seats = [];
  }

  private count(key: string): void {
    this.refusals.set(key, (this.refusals.get(key) ?? 0) + 1);
  }

  /**
   * Plays until the match has a result, `stop()` holds, a connection closes, the server refuses
   * `maxRefusals` answers in a row (or answers none within 10 s), or `maxCommands` were accepted.
   */
  async play(stop: () => boolean, maxCommands = 3000, maxRefusals = 40): Promise<PlayOutcome> {
    let accepted = 0;
    let refusedInARow = 0;
    for (;;) {
      if (stop()) return "stopped";
      if (!this.connected) return "disconnected";
      const view = this.seats[0]?.view();
      // An unanswered command is resent first, even once the match is over: its answer may be owed.
      if (view?.result && !this.pending) {
        this.over = true;
        return "finished";
      }
      if (accepted >= maxCommands) return "limit";
      if (refusedInARow >= maxRefusals) return "refused";
      if (this.pending) this.resent++;
      else {
        const mover = this.seats.map((s) => ({ s, legal: legalCommandsInView(s.view() as EmberView, s.seat) })).find((x) => x.legal.length > 0);
        if (!mover) {
          refusedInARow++;
          this.count("no-legal-command");
          await this.seats[0]?.until(() => false, 200);
          continue;
        }
        const command = this.bots.get(mover.s.seat)!.choose(mover.legal) as EmberCommand;
        this.pending = { seat: mover.s.seat, id: `${mover.s.seat}-${this.next++}`, command };
      }
      const { seat, id, command } = this.pending as { seat: string; id: string; command: EmberCommand };
      const conn = this.seats.find((s) => s.seat === seat)!;
      this.sent++;
      const answering = conn.send(id, command, 10_000);
      this.onSend?.();
      const answer = await answering;
      if (answer.kind === "gone") return stop() ? "stopped" : "disconnected";
      if (answer.kind === "accepted") {
        this.acks.push({ matchId: this.matchId, seat, id, seq: answer.seq });
        this.pending = null;
        accepted++;
        refusedInARow = 0;
        await Promise.all(this.seats.map((s) => s.until(() => s.seq >= answer.seq, 10_000)));
        continue;
      }
      refusedInARow++;
      if (answer.kind === "timeout") {
        this.count("timeout");
        continue;
      }
      this.count(`${answer.kind}:${answer.code}`);
      if (answer.kind === "rejected") this.pending = null;
      else if (answer.code === "match_over") {
        this.pending = null;
        this.over = true;
        return "finished";
      } else if (answer.code === "rate_limited" || answer.code === "server_error") await new Promise((r) => setTimeout(r, 150));
      else this.pending = null;
    }
  }
}

/** A seeded random source for a run (engine rng: the same seed, the same kill moments and choices). */
export const seeded = (seed: string): Random => new Random(rngStateFromSeed(seed, "chaos"));
