/**
 * The `lobby` room: Colyseus's own `LobbyRoom`, which lists the rooms whose type has realtime
 * listing on and follows them through the presence (Redis with several processes, so a viewer on
 * one process sees the tables opened on every other). It lists open tables only (`table` rooms;
 * a client's filter can narrow by metadata, never widen to other rooms). Messages to its clients:
 * `rooms` (the whole list on join and after a `filter`), `+` `[roomId, listing]` (a table appeared
 * or changed), `-` `roomId` (a table is gone); each listing's `metadata` is a `TableListing`.
 */
import { LobbyRoom, type Client } from "@colyseus/core";
import type { TableListing } from "@fogwar/protocol";

/** A room's listing. */
type IRoomCache = LobbyRoom["rooms"][number];

/** The lobby's filter: the listings of `table` rooms, narrowed by the client's metadata filter. */
type LobbyFilter = { name?: string; metadata?: Record<string, unknown> } | undefined;

/** Colyseus's `LobbyRoom`, showing open tables only. */
export class TablesLobbyRoom extends LobbyRoom<TableListing> {
  override onJoin(client: Client, options: unknown): void {
    const filter = (options as { filter?: LobbyFilter } | null)?.filter;
    super.onJoin(client, { filter: { ...(filter?.metadata && typeof filter.metadata === "object" ? { metadata: filter.metadata } : {}), name: "table" } });
  }

  protected override filterItemForClient(room: IRoomCache, filter?: LobbyFilter): boolean {
    return room.name === "table" && super.filterItemForClient(room, { ...(filter?.metadata && typeof filter.metadata === "object" ? { metadata: filter.metadata } : {}), name: "table" });
  }
}
