/**
 * The history route of a match ended during its muster, or after drafts were unlocked (design.md
 * "History", docs/protocol.md "History"), through the real HTTP server and WebSocket clients, for
 * EMBER and Age of Sigmar: a concession during the muster ends the match without revealing the
 * locked list, and nothing the finished history shows (no seed, no state) opens its commitment
 * against the sample lists; a finished match whose seat locked, unlocked and locked again shows
 * neither the unlocked draft nor the match seed, and its checkpoint is the logged state.
 */
import { catalog as emberCatalog, type ArmyList as EmberList } from "@fogwar/ember";
import { catalog as sigmarCatalog, type ArmyList as SigmarList } from "@fogwar/sigmar";
import { canonicalJson, commit, musterKey, musterSalt, stateHash, verifySeed } from "@fogwar/engine";
import { startServer, type RunningServer } from "../src/server.js";
import { api, createMatch, TestClient } from "./harness";

jest.setTimeout(60_000);

let server: RunningServer;
let http: string;
let ws: string;
beforeAll(async () => {
  server = await startServer({ port: 0, host: "127.0.0.1", publicUrl: "http://fogwar.test", logLevel: "error" });
  http = `http://127.0.0.1:${server.port}`;
  ws = `ws://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await server?.close();
});

const GAMES = [
  // Three lists valid in the battle (EMBER's crossroads takes the first, third and fifth sample lists).
  { ruleset: "ember", request: { ruleset: "ember", scenario: "crossroads", players: [{ name: "Ana" }, { name: "Bo" }] }, lists: emberCatalog.data.armies as readonly (EmberList | SigmarList)[], played: [0, 2, 4] },
  { ruleset: "sigmar", request: { ruleset: "sigmar", scenario: "sundered_causeway", players: [{ name: "Ana" }, { name: "Bo" }] }, lists: sigmarCatalog.armies as readonly (EmberList | SigmarList)[], played: [0, 1, 2] },
] as const;

/** Whether a string the history shows, as a seed, a muster key or a salt, opens `commitment` with a sample list. */
function opens(text: string, lists: readonly unknown[], seat: string, commitment: string): boolean {
  const shown = [...new Set(text.match(/[0-9a-f]{64}|[\w-]{8,}/g) ?? [])];
  return shown.some((x) => [x, musterKey(x)].some((secret) => lists.some((list) => commit(list, x) === commitment || [1, 2, 3].some((n) => commit(list, musterSalt(secret, seat, n)) === commitment))));
}

/** Plays the seats' commands, then waits until the history says the match is over. */
async function playToEnd(request: unknown, commands: [0 | 1, unknown][]): Promise<{ matchId: string; history: any; text: string; commitments: string[] }> {
  const created = await createMatch(http, request);
  const clients = await Promise.all(created.seats.map((s) => TestClient.join(ws, created.matchId, s)));
  const commitments: string[] = [];
  for (const [seat, command] of commands) {
    const answer = await clients[seat]!.command(command);
    expect([command, answer.type]).toEqual([command, "accepted"]);
  }
  const entries = await server.store.entries(created.matchId);
  for (const e of entries) for (const env of e.events as { event: { type: string; commitment?: string } }[]) if (env.event.type === "army_locked") commitments.push(env.event.commitment!);
  let history: any;
  for (let i = 0; i < 50; i++) {
    history = (await api(http, `/matches/${created.matchId}/history`)).body;
    if (history.match.status !== "live") break;
    await new Promise((r) => setTimeout(r, 100));
  }
  for (const c of clients) await c.leave();
  return { matchId: created.matchId, history, text: canonicalJson(history), commitments };
}

describe.each(GAMES)("$ruleset: the history of a match ended during or after its muster", ({ request, lists, played }) => {
  const [A, B, C] = played.map((i) => lists[i]!) as [EmberList | SigmarList, EmberList | SigmarList, EmberList | SigmarList];

  test("conceded during the muster: GET /history shows no list, no seed, no state, and nothing in it opens the locked list's commitment", async () => {
    const { history, text, commitments, matchId } = await playToEnd(request, [
      [0, { type: "lock_army", army: A }],
      [1, { type: "concede" }],
    ]);
    expect(history.match.result?.winner).toBe("p1");
    expect(history.perspective).toBe("spectator");
    expect(history.seed).toBeNull();
    expect(history.checkpoint).toBeUndefined();
    expect(text).not.toContain(canonicalJson(A.units));
    expect(text).not.toContain((await server.store.getSeed(matchId)) as string);
    expect(commitments).toHaveLength(1);
    expect(opens(text, lists, "p1", commitments[0]!)).toBe(false);
  });

  test("a draft locked then unlocked: the finished history shows neither it nor the match seed; the review's checkpoint is the logged state and the dice seed opens the seed commitment", async () => {
    const { history, text, commitments, matchId } = await playToEnd(request, [
      [0, { type: "lock_army", army: A }],
      [0, { type: "unlock_army" }],
      [0, { type: "lock_army", army: B }],
      [1, { type: "lock_army", army: C }],
      [1, { type: "concede" }],
    ]);
    expect(history.perspective).toBe("omniscient");
    expect(text).not.toContain(canonicalJson(A.units));
    expect(text).not.toContain((await server.store.getSeed(matchId)) as string);
    expect(opens(text, lists, "p1", commitments[0]!)).toBe(false);
    const entries = await server.store.entries(matchId);
    expect(history.checkpoint.seq).toBe(4);
    expect(stateHash(history.checkpoint.state)).toBe(entries[3]!.stateHash);
    expect(verifySeed(history.seedCommitment, history.seed)).toBe(true);
  });
});
