/**
 * The fuzz run: a server process on embedded PGlite, one EMBER match a few commands in, then
 * malformed frames (fuzz-gen.ts) over real WebSocket connections, as both seats and as
 * spectators. Afterwards: the process is alive and answers, the match accepts valid commands, its
 * state and stored log are unchanged except by commands the fuzzer sent and saw accepted, and the
 * server logged no error.
 *
 * The room drops a connection's messages beyond 20 a second (burst 40) before its parser with a
 * `rate_limited` error; Colyseus' own decoding (frame code, type, msgpack) sees every frame.
 * `answers` tells how many got past the limiter (every answer but `error:rate_limited`).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { canonicalJson, stateHash } from "@fogwar/engine";
import { legalCommandsInView, type EmberView } from "@fogwar/ember";
import { openStore } from "@fogwar/server/store";
import { FuzzConnection, type FuzzTally } from "./fuzz-conn";
import { nextFrame } from "./fuzz-gen";
import { ChaosMatch, create, matchRequest, seeded } from "./match";
import { ServerProcess, freePort } from "./process";

/** Settings of a fuzz run. */
export interface FuzzOptions {
  /** Frames to send in all. */
  readonly messages: number;
  readonly seed: string;
  /** Spectator connections (default 8), beside the two seats. */
  readonly spectators?: number;
  readonly log?: (line: string) => void;
}

/** What a fuzz run found; `ok` when crashes, state changes and logged errors are all 0. */
export interface FuzzReport {
  readonly ok: boolean;
  readonly frames: number;
  readonly sent: Record<string, number>;
  readonly unsendable: number;
  readonly connectionsClosedByServer: number;
  /** Answers by type; every one but error:rate_limited came from past the rate limiter. */
  readonly answers: Record<string, number>;
  readonly pastRateLimiter: number;
  /** Fuzz commands stored (a mutated legal command can be legal), with or without their answer reaching the fuzzer. */
  readonly acceptedFuzzCommands: number;
  /** 1 when the server process died or stopped answering. */
  readonly crashes: number;
  /** Differences of state or log not explained by accepted fuzz commands. */
  readonly stateChanges: string[];
  /**
   * Error records Colyseus logged for frames it could not decode (msgpack, over-long frames) and
   * handled by closing the connection: counted, not failures.
   */
  readonly decodeErrorsLogged: number;
  /** Every other logged error, uncaught exception or crash output (failures). */
  readonly otherErrors: string[];
  readonly seconds: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The match as both seats see it: seq and both projections, hashed. */
async function snapshot(match: ChaosMatch, base: string): Promise<{ seq: number; hash: string; legal: Record<string, unknown>[] }> {
  if (!(await match.connect(base))) throw new Error("the fuzz match is over");
  const seats = match.connectedSeats;
  const seq = Math.max(...seats.map((s) => s.seq));
  await Promise.all(seats.map((s) => s.until(() => s.seq >= seq, 5000)));
  const views = seats.map((s) => [s.seat, s.view()] as const);
  const legal = views.flatMap(([seat, v]) => legalCommandsInView(v as EmberView, seat) as unknown as Record<string, unknown>[]);
  match.disconnect();
  return { seq, hash: stateHash({ seq, views }), legal };
}

/** Runs the fuzz; leaves nothing running. */
export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const t0 = performance.now();
  const log = options.log ?? (() => undefined);
  const dir = mkdtempSync(join(tmpdir(), "fogwar-fuzz-"));
  const database = { kind: "embedded" as const, dir: join(dir, "data") };
  // The per-connection message rate is lifted so every frame reaches the room's parser, not just
  // the few a rate-limited connection would let through.
  const server = await ServerProcess.start(database, await freePort(), undefined, { FOGWAR_MESSAGES_PER_SECOND: "1000000", FOGWAR_MESSAGE_BURST: "1000000" });
  const tally: FuzzTally = { sent: {}, unsendable: 0, answers: {}, accepted: new Map(), closed: 0 };
  const stateChanges: string[] = [];
  let afterFuzz: { seq: number; hash: string } | null = null;
  let acceptedFuzzCommands = 0;
  let crashes = 0;
  try {
    const rng = seeded(`fuzz:${options.seed}`);
    const created = await create(server.url, matchRequest(rng, 1));
    if (!created) throw new Error("could not create the fuzz match");
    const match = new ChaosMatch(created, `fuzz:${options.seed}`);
    await match.connect(server.url);
    if ((await match.play(() => false, 12)) !== "limit") throw new Error("the fuzz match did not reach 12 commands");
    match.disconnect();
    const before = await snapshot(match, server.url);
    log(`match ${created.matchId} at seq ${before.seq}; ${before.legal.length} legal commands to mutate`);

    const ws = server.url.replace(/^http/, "ws");
    const who = [...created.seats.map((s) => ({ seat: s.seat, token: s.token })), ...Array.from({ length: options.spectators ?? 8 }, () => "spectator" as const)];
    let frames = 0;
    let ids = 0;
    const nextId = () => `fz-${(ids++).toString(36)}`;
    let lastLog = performance.now();
    /** `seat/id` -> the payload of every command message a seat sent (its answer may never arrive: the connection can close first). */
    const sentCommands = new Map<string, unknown>();
    await Promise.all(
      who.map(async (w, n) => {
        const connRng = seeded(`fuzz:${options.seed}:${n}`);
        let conn: FuzzConnection | null = null;
        while (frames < options.messages && server.alive) {
          if (!conn || conn.gone) {
            conn?.close();
            conn = await FuzzConnection.join(ws, created.matchId, w, tally).catch(() => null);
            if (!conn) {
              await sleep(50);
              continue;
            }
          }
          for (let i = 0; i < 25 && frames < options.messages && !conn.gone; i++) {
            const frame = nextFrame(connRng, w !== "spectator", before.legal, nextId);
            if (conn.send(frame, tally)) {
              frames++;
              if (w !== "spectator" && frame.kind === "message" && frame.commandId !== undefined) sentCommands.set(`${w.seat}/${frame.commandId}`, frame.payload);
            }
          }
          while (conn.buffered > 256 * 1024) await sleep(5);
          await new Promise((r) => setImmediate(r));
          if (performance.now() - lastLog > 10_000) {
            lastLog = performance.now();
            log(`${frames.toLocaleString("en")} frames sent, ${tally.closed} connections closed by the server`);
          }
        }
        await sleep(1500);
        conn?.close();
      }),
    );
    await sleep(300);
    if (!server.alive || !(await server.healthy())) crashes = 1;

    if (!crashes) {
      afterFuzz = await snapshot(match, server.url);
      // The match still takes valid commands.
      await match.connect(server.url);
      const outcome = await match.play(() => false, 3);
      if (outcome !== "limit" && outcome !== "finished") stateChanges.push(`valid commands after the fuzz: ${outcome}`);
      match.disconnect();
    }
    const code = await server.stop();
    if (code !== 0 && !crashes) stateChanges.push(`the server exited with ${code} on SIGINT`);
    const store = await openStore({ dataDir: database.dir });
    try {
      const entries = await store.entries(created.matchId);
      const setupIds = new Set(match.acks.map((a) => `${a.seat}/${a.id}`));
      // A fuzz command is stored only if a seat sent it (mutated legal commands can be legal), exactly
      // as sent; every one acknowledged is stored; and nothing else moved the match.
      const fuzzStored = new Set<string>();
      for (const e of entries) {
        const key = `${e.seat}/${e.commandId}`;
        if (setupIds.has(key)) continue;
        const sent = sentCommands.get(key) as { command?: unknown } | undefined;
        if (sent === undefined) stateChanges.push(`stored entry ${e.seq} (${key}) was neither sent as a valid command nor sent by the fuzzer`);
        else if (canonicalJson(sent.command) !== canonicalJson(e.command)) stateChanges.push(`stored entry ${e.seq} (${key}) is not the command the fuzzer sent`);
        else fuzzStored.add(key);
      }
      for (const key of tally.accepted.keys()) if (!fuzzStored.has(key)) stateChanges.push(`fuzz command ${key} was acknowledged but is not stored`);
      acceptedFuzzCommands = fuzzStored.size;
      if (afterFuzz) {
        const expected = before.seq + fuzzStored.size;
        if (afterFuzz.seq !== expected) stateChanges.push(`seq ${afterFuzz.seq}, expected ${expected} (${before.seq} + ${fuzzStored.size} accepted fuzz commands)`);
        if (fuzzStored.size === 0 && afterFuzz.hash !== before.hash) stateChanges.push("the projections differ though no fuzz command was accepted");
      }
    } finally {
      await store.close();
    }
    const answers = Object.fromEntries(Object.entries(tally.answers).sort());
    const pastRateLimiter = Object.entries(tally.answers).reduce((n, [k, v]) => (k === "error:rate_limited" || k === "events" || k === "welcome" ? n : n + v), 0);
    const logged = server.errors();
    const decode = (line: string) =>
      line.startsWith("decode.utf8Read(): Invalid byte") || (/"level":50\b/.test(line) && /msgpackr\/unpack\.js|ws\/lib\/receiver\.js/.test(line));
    const otherErrors = logged.filter((l) => !decode(l)).map((l) => l.slice(0, 400));
    if (crashes) otherErrors.unshift(`the server process ${server.alive ? "stopped answering" : `exited (${server.exitCode})`}; its last output: ${server.output.split("\n").filter((l) => !decode(l)).slice(-30).join("\n").slice(-3000)}`);
    return {
      ok: crashes === 0 && stateChanges.length === 0 && otherErrors.length === 0,
      frames,
      sent: tally.sent,
      unsendable: tally.unsendable,
      connectionsClosedByServer: tally.closed,
      answers,
      pastRateLimiter,
      acceptedFuzzCommands,
      crashes,
      stateChanges,
      decodeErrorsLogged: logged.length - logged.filter((l) => !decode(l)).length,
      otherErrors: [...new Set(otherErrors)].slice(0, 10),
      seconds: Math.round((performance.now() - t0) / 100) / 10,
    };
  } finally {
    await server.crash();
    rmSync(dir, { recursive: true, force: true });
  }
}
