/**
 * Messages between the server's main thread (./host.ts) and its bot worker thread (./worker.ts).
 * The worker is told only where to connect, with which seat token and its brain seed (the seed of
 * its own random choices, derived from the match seed: ./seats.ts): never a state or the match seed.
 */
import type { BotLevel } from "@fogwar/protocol";

/** The request header in which bot seats carry their process's bot connection key (./host.ts). */
export const BOT_KEY_HEADER = "x-fogwar-bot-key";

/** Main thread to worker. `key` names one bot seat: `<matchId>/<seat>`. */
export type ToBotWorker =
  | { readonly type: "attach"; readonly key: string; readonly url: string; readonly matchId: string; readonly seat: string; readonly token: string; readonly brainSeed: string; readonly ruleset: string; readonly rulesVersion: string; readonly level: BotLevel; readonly delayMs: number; readonly connectionKey: string }
  | { readonly type: "detach"; readonly key: string }
  /** Every bot leaves its match (a consented leave), then the worker answers `closed`. */
  | { readonly type: "close" };

/** Worker to main thread: a move (think time in ms), a warning, or a bot that stopped. */
export type FromBotWorker =
  | { readonly type: "moved"; readonly key: string; readonly seq: number; readonly thinkMs: number; readonly command: string }
  | { readonly type: "warn"; readonly key: string; readonly message: string; readonly error?: string }
  | { readonly type: "stopped"; readonly key: string; readonly reason: string }
  | { readonly type: "closed" };
