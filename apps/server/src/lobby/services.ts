/**
 * What the lobby's rooms and routes need (the store, the log, the public address), provided once
 * by the server when it mounts the lobby (./routes.ts): the `table` room is created by Colyseus and
 * reaches them from here, as match rooms reach theirs (../room.ts `provideRoomServices`).
 */
import type { CreateServices } from "../create.js";

let provided: CreateServices | null = null;

/** Sets the lobby's services (the server's store, log and public address). */
export function provideLobbyServices(value: CreateServices): void {
  provided = value;
}

/** The lobby's services. @throws Error when the server has not provided them. */
export function lobbyServices(): CreateServices {
  if (!provided) throw new Error("the lobby's services were not provided");
  return provided;
}
