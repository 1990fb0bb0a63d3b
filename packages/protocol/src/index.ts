/**
 * @fogwar/protocol: the wire contract shared by the server, the web client and bots.
 * Pure TypeScript (zod only, no Node or Colyseus imports): it runs in the browser too.
 * - ./errors: PROTOCOL_ERRORS, the closed set of protocol error codes (key order is stable);
 * - ./json: MAX_MESSAGE_BYTES and the plain-JSON check of client payloads;
 * - ./client: PROTOCOL_VERSION, JoinOptions, the client-to-server messages, parseClientMessage;
 * - ./server: the server-to-client messages;
 * - ./chat: table chat (audiences, limits, the chat messages and the chat history body);
 * - ./names: PlayerName, the one schema of the names people give (no invisible characters, NFC);
 * - ./rest: the REST bodies and queries;
 * - ./packed: packed JSON, the compact form of the events on the wire;
 * - ./flat: flattened projections and seat overlays, as the room state carries them;
 * - ./retry: the reconnection policy (which closes and join errors to retry, the backoff);
 * - ./accounts: accounts, sessions, my games and profiles;
 * - ./ratings: ratings and the leaderboard;
 * - ./lobby: the open lobby (open tables, seeks);
 * - ./social: challenges, rematches, blocks and reports;
 * - ./notifications: notifications outside the tab (kinds, channels, settings, push subscriptions).
 * docs/protocol.md explains all of it with examples.
 */
export * from "./errors";
export * from "./json";
export * from "./client";
export * from "./server";
export * from "./chat";
export * from "./names";
export * from "./rest";
export * from "./flat";
export * from "./packed";
export * from "./retry";
export * from "./accounts";
export * from "./ratings";
export * from "./lobby";
export * from "./social";
export * from "./notifications";
