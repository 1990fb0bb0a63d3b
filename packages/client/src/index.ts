/**
 * @fogwar/client: the headless match client every program shares (the web client's `useMatch`,
 * the server's bot seats, the CLI's bots and chaos seats, the bench). No React, no DOM; the
 * WebSocket comes from @colyseus/sdk (browsers and Node 22).
 * - ./session: MatchSession, one connection to a match room (join, reconnect with backoff,
 *   resend unanswered commands, rebuild the projection, fetch missed events, heartbeat), with
 *   ./snapshot (what it shows and takes), ./lookup (the server address, the match status) and
 *   ./reserve (a page's early seat reservation, which the first join consumes);
 * - ./projection: the seat's projection rebuilt from the room state's flat patches and overlay;
 * - ./pending: commands waiting for their answer, resent with their ids after a reconnection;
 * - ./backoff: the retry timer and the verdicts on closes and join errors;
 * - ./events: the event feed, merged by seq;
 * - ./chat: the table chat state;
 * - ./clock: the room state's clock field.
 */
export * from "./session";
export * from "./projection";
export * from "./pending";
export * from "./backoff";
export * from "./events";
export * from "./chat";
export * from "./clock";
