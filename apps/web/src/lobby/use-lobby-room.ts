/**
 * The live "Open tables" list: joins the server's `lobby` room (Colyseus's LobbyRoom) and keeps
 * the list from its `rooms`, `+` and `-` messages (./open-tables.ts). When the connection drops
 * it joins again after {@link LOBBY_RETRY_MS} (the full list arrives again on join). Also the
 * owner's side of an open table: {@link watchTable} joins the table's room by its id and calls
 * back on `taken`.
 */
import { useEffect, useReducer, useState } from "react";
import { Client, type Room } from "@colyseus/sdk";
import { reduceTables, type LobbyMessage, type OpenTable } from "./open-tables";

/** Wait (ms) before joining the lobby room again after a drop. */
export const LOBBY_RETRY_MS = 2000;

/** What the hook needs of the Colyseus client (tests give a fake). */
export interface LobbyClient {
  joinOrCreate(name: string, options?: Record<string, unknown>): Promise<Room>;
  joinById(roomId: string, options?: Record<string, unknown>): Promise<Room>;
}

let shared: LobbyClient | null = null;
/** The page's Colyseus client (same origin), made on first use. */
export function lobbyClient(): LobbyClient {
  return (shared ??= new Client(globalThis.location?.origin ?? "") as unknown as LobbyClient);
}

/** The open tables, live, and whether the lobby room is connected. */
export function useLobbyRoom(client: LobbyClient = lobbyClient()): { tables: OpenTable[]; connected: boolean } {
  const [tables, dispatch] = useReducer(reduceTables, []);
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    let room: Room | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let done = false;
    const join = async () => {
      try {
        const joined = await client.joinOrCreate("lobby", { filter: { name: "table" } });
        if (done) {
          void joined.leave(true).catch(() => undefined);
          return;
        }
        room = joined;
        setConnected(true);
        joined.onMessage("rooms", (rooms: unknown) => dispatch({ type: "rooms", rooms } satisfies LobbyMessage));
        joined.onMessage("+", (entry: unknown) => dispatch({ type: "+", entry }));
        joined.onMessage("-", (roomId: unknown) => dispatch({ type: "-", roomId }));
        joined.onLeave(() => {
          room = null;
          setConnected(false);
          if (!done) timer = setTimeout(() => void join(), LOBBY_RETRY_MS);
        });
      } catch {
        setConnected(false);
        if (!done) timer = setTimeout(() => void join(), LOBBY_RETRY_MS);
      }
    };
    void join();
    return () => {
      done = true;
      clearTimeout(timer);
      if (room) {
        room.removeAllListeners();
        void room.leave(true).catch(() => undefined);
      }
    };
  }, [client]);
  return { tables, connected };
}

/**
 * Joins my open table's room (`tableId`) as its owner (the session cookie says who) and calls
 * `onTaken({ matchId, seat })` when someone takes it, `onLost()` if the room closes otherwise.
 * @returns a function that leaves the room.
 */
export function watchTable(tableId: string, onTaken: (taken: { matchId: string; seat?: string }) => void, onLost: (code: string) => void, client: LobbyClient = lobbyClient()): () => void {
  let room: Room | null = null;
  let done = false;
  let taken = false;
  client.joinById(tableId, {}).then(
    (joined) => {
      if (done) {
        void joined.leave(true).catch(() => undefined);
        return;
      }
      room = joined;
      joined.onMessage("taken", (message: { matchId?: unknown; seat?: unknown }) => {
        if (typeof message?.matchId !== "string") return;
        taken = true;
        onTaken({ matchId: message.matchId, ...(typeof message.seat === "string" ? { seat: message.seat } : {}) });
      });
      joined.onLeave(() => {
        if (!done && !taken) onLost("table_closed");
      });
    },
    () => !done && onLost("table_unavailable"),
  );
  return () => {
    done = true;
    if (room) {
      room.removeAllListeners();
      void room.leave(true).catch(() => undefined);
    }
  };
}
