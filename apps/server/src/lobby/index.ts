/**
 * The open lobby (docs/protocol.md "Lobby"): its REST routes (open tables ./tables.ts, seeks
 * ./seeks.ts), mounted under /api/lobby, and its room types: `lobby` (Colyseus's LobbyRoom
 * listing open tables live, ./lobby-room.ts) and `table` (one per open table, ./table-room.ts).
 */
import type { Server } from "@colyseus/core";
import { Router } from "express";
import type { CreateServices } from "../create.js";
import { TablesLobbyRoom } from "./lobby-room.js";
import { seekRoutes } from "./seeks.js";
import { provideLobbyServices } from "./services.js";
import { TableRoom } from "./table-room.js";
import { tableRoutes } from "./tables.js";

export { isTableId } from "./ids.js";

/** The lobby's routes (tables and seeks); also gives the lobby's rooms the server's services. */
export function lobbyRoutes(services: CreateServices): Router {
  provideLobbyServices(services);
  const router = Router();
  router.use(tableRoutes(services));
  router.use(seekRoutes(services));
  return router;
}

/** Defines the lobby's room types on a server: `lobby` and `table` (realtime listing on). */
export function defineLobbyRooms(server: Server): void {
  server.define("lobby", TablesLobbyRoom);
  server.define("table", TableRoom).enableRealtimeListing();
}
