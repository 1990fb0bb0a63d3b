/**
 * The boardgame.io 0.50.2 peer: its stock server (koa lobby API and socket.io transport, state
 * in its in-memory store) with the small game of ../games/bgio-game.ts (`bench`) and EMBER
 * (../games/bgio-ember.ts, `ember`), on BENCH_PORT.
 * Reports its figures through ./instrument.ts.
 */
import { Server } from "boardgame.io/server";
import { emberGame } from "../games/bgio-ember.js";
import { benchGame } from "../games/bgio-game.js";
import { instrument } from "./instrument.js";

const port = Number(process.env.BENCH_PORT);
const server = Server({ games: [benchGame, emberGame], origins: ["http://127.0.0.1"] });
const running = await server.run({ port });
instrument({ port }, {}, async () => server.kill(running));
