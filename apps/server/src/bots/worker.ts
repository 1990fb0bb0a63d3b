/**
 * The bot worker thread: plays every bot seat this process hosts (./player.ts), so that the
 * searches (synchronous, hundreds of ms each) never run on the server's event loop. The worker
 * knows only its seats' addresses and tokens; it reads what each seat's connection decodes.
 */
import { parentPort } from "node:worker_threads";
import { versionBrain } from "./brain.js";
import { BotPlayer } from "./player.js";
import type { FromBotWorker, ToBotWorker } from "./worker-protocol.js";

const port = parentPort;
if (!port) throw new Error("the bot worker runs in a worker thread");
const post = (message: FromBotWorker) => port.postMessage(message);
const players = new Map<string, BotPlayer>();
/** Bot seats whose brain is still loading (an older rules version's build). */
const starting = new Set<string>();

const describe = (error: unknown): string | undefined => (error === undefined ? undefined : error instanceof Error ? (error.stack ?? error.message) : String(error));

port.on("message", (message: ToBotWorker) => {
  if (message.type === "close") {
    starting.clear();
    const all = [...players.values()];
    players.clear();
    void Promise.all(all.map((p) => p.stop())).finally(() => post({ type: "closed" }));
    return;
  }
  if (message.type === "detach") {
    starting.delete(message.key);
    const player = players.get(message.key);
    players.delete(message.key);
    void player?.stop();
    return;
  }
  const { key } = message;
  if (players.has(key) || starting.has(key)) return;
  starting.add(key);
  // A match of an older rules version loads that version's frozen build first.
  // The brain's seed is secret (derived from the match seed): its choices are nobody's to replay.
  versionBrain(message.ruleset, message.rulesVersion, message.level, message.seat, message.brainSeed).then(
    (brain) => {
      // Detached (or closed) while its build was loading.
      if (!starting.delete(key)) return;
      const player: BotPlayer = new BotPlayer({ url: message.url, matchId: message.matchId, seat: message.seat, token: message.token, delayMs: message.delayMs, connectionKey: message.connectionKey }, brain, {
        moved: (seq, thinkMs, command) => post({ type: "moved", key, seq, thinkMs, command }),
        warn: (text, error) => post({ type: "warn", key, message: text, ...(error !== undefined ? { error: describe(error) } : {}) }),
        stopped: (reason) => {
          if (players.get(key) === player) players.delete(key);
          post({ type: "stopped", key, reason });
        },
      });
      players.set(key, player);
      void player.start();
    },
    (error: unknown) => {
      starting.delete(key);
      post({ type: "stopped", key, reason: `cannot start: ${describe(error)}` });
    },
  );
});
