/**
 * The `table` room: one per open table (docs/protocol.md "Lobby"). Its listing's metadata is the
 * table's public listing (`TableListing`), which the `lobby` room (./lobby-room.ts) shows live
 * (the room type has realtime listing on). Only its owner joins it (by the session cookie of the
 * WebSocket upgrade); while the owner has no connection for `TABLE_OWNER_GRACE_MS` (30 s) the
 * table closes. Taking the table (`take`, called with `matchMaker.remoteRoomCall` on the process
 * that hosts the room) is atomic: the first taker wins, the match is created, the owner is told
 * (`taken` message `{ matchId, seat }`) and the table closes.
 *
 * Like match rooms, table rooms are created by the server only: a creation without a grant this
 * process issued is refused (../rooms.ts does the same for matches).
 */
import { randomBytes } from "node:crypto";
import { CloseCode, matchMaker, Room, type AuthContext, type Client } from "@colyseus/core";
import { TABLE_OWNER_GRACE_MS, type ProtocolErrorCode, type TableListing, type TableTakenMessage } from "@fogwar/protocol";
import { accountOfCookie } from "../accounts/session.js";
import { authError } from "../room-auth.js";
import { createDuel, DEFAULT_RATING, DUEL, type DuelSettings } from "./paired.js";
import { lobbyServices } from "./services.js";

/** The presence set of an account's open tables' ids (across processes). */
export const ownerTablesKey = (accountId: string): string => `fogwar:tables:${accountId}`;

/** A table room's creation options (server-made only). */
export interface TableRoomOptions {
  readonly grant: string;
  readonly ownerId: string;
  readonly settings: DuelSettings;
  readonly listing: TableListing;
}

const grants = new Set<string>();

/** Creates a table's room on this process and counts it among its owner's open tables. @throws the room's error when it cannot be created. */
export async function openTableRoom(options: Omit<TableRoomOptions, "grant">): Promise<void> {
  const grant = randomBytes(16).toString("hex");
  grants.add(grant);
  try {
    await matchMaker.createRoom("table", { ...options, grant } satisfies TableRoomOptions);
    await matchMaker.presence.sadd(ownerTablesKey(options.ownerId), options.listing.tableId);
  } finally {
    grants.delete(grant);
  }
}

/** What a take answers: the match and the taker's seat, or why not. */
export type TakeOutcome = { ok: true; matchId: string; seat: string } | { ok: false; code: ProtocolErrorCode };

/** The room of one open table. */
export class TableRoom extends Room {
  private ownerId = "";
  private settings!: DuelSettings;
  private closing = false;
  private graceTimer: ReturnType<typeof setTimeout> | undefined;

  override onCreate(options: TableRoomOptions): void {
    if (!options || typeof options.grant !== "string" || !grants.has(options.grant)) throw new Error("table rooms are created by the server only");
    grants.delete(options.grant);
    this.roomId = options.listing.tableId;
    this.ownerId = options.ownerId;
    this.settings = options.settings;
    this.maxClients = 8;
    this.autoDispose = false;
    void this.setMetadata(options.listing);
    this.startGrace();
  }

  /** Only the owner joins, signed in by the session cookie the WebSocket upgrade carries. */
  override async onAuth(_client: Client, _options: unknown, context: AuthContext): Promise<boolean> {
    const account = await accountOfCookie(context.headers.get("cookie") ?? undefined, lobbyServices().store.accounts);
    if (!account) throw authError("not_signed_in");
    if (account.id !== this.ownerId || this.closing) throw authError("table_unavailable");
    return true;
  }

  override onJoin(): void {
    if (this.graceTimer) clearTimeout(this.graceTimer);
    this.graceTimer = undefined;
  }

  override onLeave(): void {
    if (this.clients.length === 0) this.startGrace();
  }

  override onDispose(): void {
    if (this.graceTimer) clearTimeout(this.graceTimer);
    void matchMaker.presence.srem(ownerTablesKey(this.ownerId), this.roomId);
  }

  /** The owner's connection is gone (or never came): the table closes after the grace. */
  private startGrace(): void {
    if (this.graceTimer) clearTimeout(this.graceTimer);
    this.graceTimer = setTimeout(() => {
      if (this.clients.length === 0) this.close();
    }, TABLE_OWNER_GRACE_MS);
    this.graceTimer.unref?.();
  }

  private close(): void {
    this.closing = true;
    void this.disconnect(CloseCode.CONSENTED);
  }

  /**
   * The owner closes the table (`DELETE /api/lobby/tables/:id`; called through `remoteRoomCall`).
   * @returns whether it was closed (false: not the owner's, or being taken).
   */
  async withdraw(accountId: string): Promise<boolean> {
    if (accountId !== this.ownerId || this.closing) return false;
    this.close();
    return true;
  }

  /**
   * `takerId` takes the table (called through `remoteRoomCall`, so on this room's process): checks
   * the taker (not the owner, rating within range, no block either way: answered as a table that
   * is gone), then claims the table at once (a second taker finds it claimed), creates the match,
   * tells the owner and closes. A failed creation gives the table back.
   */
  async take(takerId: string): Promise<TakeOutcome> {
    if (this.closing) return { ok: false, code: "table_unavailable" };
    if (takerId === this.ownerId) return { ok: false, code: "own_table" };
    const { store } = lobbyServices();
    const [owner, taker, blocked, rating] = await Promise.all([
      store.accounts.accountById(this.ownerId),
      store.accounts.accountById(takerId),
      store.lobby.blockedEither(this.ownerId, takerId),
      store.lobby.ratingOf(takerId, this.settings.ruleset, DUEL),
    ]);
    if (!owner || owner.kind === "deleted" || !taker || taker.kind === "deleted" || blocked) return { ok: false, code: "table_unavailable" };
    const listing = this.metadata as TableListing;
    const value = rating ?? DEFAULT_RATING;
    if ((listing.minRating !== null && value < listing.minRating) || (listing.maxRating !== null && value > listing.maxRating)) return { ok: false, code: "rating_out_of_range" };
    // Claimed synchronously since the check above: one taker wins.
    if (this.closing) return { ok: false, code: "table_unavailable" };
    this.closing = true;
    let made: { matchId: string; seats: [string, string] };
    try {
      made = await createDuel(lobbyServices(), this.settings, owner, taker);
    } catch (error) {
      this.closing = false;
      lobbyServices().log.warn({ err: error, tableId: this.roomId }, "could not create a taken table's match");
      return { ok: false, code: "service_unavailable" };
    }
    this.broadcast("taken", { matchId: made.matchId, seat: made.seats[0] } satisfies TableTakenMessage);
    // The message goes out before the room closes.
    setTimeout(() => void this.disconnect(CloseCode.CONSENTED), 50);
    return { ok: true, matchId: made.matchId, seat: made.seats[1] };
  }
}
