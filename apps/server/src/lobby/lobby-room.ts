/**
 * The `lobby` room: Colyseus's own `LobbyRoom`, which lists the rooms whose type has realtime
 * listing on and follows them through the presence (Redis with several processes, so a viewer on
 * one process sees the tables opened on every other). It lists open tables only (`table` rooms;
 * a client's filter can narrow by metadata, never widen to other rooms). Messages to its clients:
 * `rooms` (the whole list on join and after a `filter`), `+` `[roomId, listing]` (a table appeared
 * or changed), `-` `roomId` (a table is gone); each listing's `metadata` is a `TableListing`.
 *
 * A change is encoded once for every client that watches the whole list (no metadata filter: the
 * web client's case) and sent to them all (`broadcast`); only clients with a filter of their own
 * are told one by one. Colyseus's own `LobbyRoom` encodes the change once per client, which at
 * 10,000 watchers cost the server most of the CPU of a table's opening (`pnpm --filter
 * @fogwar/bench run lobby`).
 */
import { LobbyRoom, subscribeLobby, type Client } from "@colyseus/core";
import type { TableListing } from "@fogwar/protocol";

/** A room's listing. */
type IRoomCache = LobbyRoom["rooms"][number];

/** The lobby's filter: the listings of `table` rooms, narrowed by the client's metadata filter. */
type LobbyFilter = { name?: string; metadata?: Record<string, unknown> } | undefined;

/** Whether a client watches every table (its filter narrows nothing). */
const watchesAll = (filter: LobbyFilter): boolean => !filter?.metadata || Object.keys(filter.metadata).length === 0;

/** Colyseus's `LobbyRoom`, showing open tables only. */
export class TablesLobbyRoom extends LobbyRoom<TableListing> {
  override async onCreate(options: unknown): Promise<void> {
    await super.onCreate(options);
    // The same bookkeeping as the LobbyRoom's own subscription, with one encoding per change.
    this.unsubscribeLobby();
    this.unsubscribeLobby = await subscribeLobby((roomId, data) => this.changed(roomId, data as IRoomCache | null));
  }

  /** A listing appeared, changed (`data`) or went (`null`): the list is updated and its watchers told. */
  private changed(roomId: string, data: IRoomCache | null): void {
    const index = this.rooms.findIndex((room) => room.roomId === roomId);
    const previous = index === -1 ? null : this.rooms[index]!;
    if (data === null) {
      if (index === -1) return;
      this.rooms.splice(index, 1);
    } else if (index === -1) this.rooms.push(data);
    else this.rooms[index] = data;
    const own: Client[] = [];
    for (const client of this.clients) {
      const filter = this.clientOptions[client.sessionId]?.filter as LobbyFilter;
      if (filter !== undefined && !watchesAll(filter)) own.push(client);
    }
    const listedForAll = (room: IRoomCache | null) => room !== null && this.filterItemForClient(room, undefined);
    // Those watching every table: one message, encoded once.
    if (data === null ? listedForAll(previous) : listedForAll(data)) this.broadcast(data === null ? "-" : "+", data === null ? roomId : [roomId, data], { except: own });
    else if (listedForAll(previous)) this.broadcast("-", roomId, { except: own });
    // The others, one by one, as the LobbyRoom does.
    for (const client of own) {
      const filter = this.clientOptions[client.sessionId]?.filter as LobbyFilter;
      const had = previous !== null && this.filterItemForClient(previous, filter);
      const has = data !== null && this.filterItemForClient(data, filter);
      if (has) client.send("+", [roomId, data]);
      else if (had) client.send("-", roomId);
    }
  }

  override onJoin(client: Client, options: unknown): void {
    const filter = (options as { filter?: LobbyFilter } | null)?.filter;
    super.onJoin(client, { filter: { ...(filter?.metadata && typeof filter.metadata === "object" ? { metadata: filter.metadata } : {}), name: "table" } });
  }

  protected override filterItemForClient(room: IRoomCache, filter?: LobbyFilter): boolean {
    return room.name === "table" && super.filterItemForClient(room, { ...(filter?.metadata && typeof filter.metadata === "object" ? { metadata: filter.metadata } : {}), name: "table" });
  }
}
