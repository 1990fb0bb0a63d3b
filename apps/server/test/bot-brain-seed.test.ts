/**
 * A bot's own random choices (its secret dials, deployment, picks) must not be a function of
 * anything an opponent knows. They are seeded by the bot's brain seed, derived from the match's
 * secret seed (src/bots/seats.ts), and the host hands the worker that seed, never one built from
 * the match id and the seat.
 */
import { pino } from "pino";
import { seatViewer } from "@fogwar/engine";
import { sigmar, type SigmarView } from "@fogwar/sigmar";
import { RULESETS } from "../src/hosts/index.js";
import { BotHost } from "../src/bots/host.js";
import { botBrainSeed, botToken } from "../src/bots/seats.js";
import type { ToBotWorker } from "../src/bots/worker-protocol.js";
import type { MatchStore } from "../src/store/index.js";

type Attach = Extract<ToBotWorker, { type: "attach" }>;

/** The attach messages a host (not started: no worker) records for a live match with one bot seat. */
async function attached(matchId: string, seed: string): Promise<Attach[]> {
  const host = new BotHost(pino({ level: "silent" }), 0);
  // The two reads matchOpened makes of the store: the match record and its seed.
  const store = {
    getMatch: async () => ({ id: matchId, ruleset: "ember", rulesVersion: "1.1.0", status: "live", options: { bots: { p2: "easy" } } }),
    getSeed: async () => seed,
  } as unknown as MatchStore;
  await host.matchOpened(store, matchId);
  return [...(host as unknown as { seats: Map<string, Attach> }).seats.values()];
}

describe("bot brain seeds", () => {
  it("derive from the match's secret seed: 64 hex characters, the same after a restart, other for another seed or seat", () => {
    const seed = "a".repeat(64);
    expect(botBrainSeed(seed, "p2")).toMatch(/^[0-9a-f]{64}$/);
    expect(botBrainSeed(seed, "p2")).toBe(botBrainSeed(seed, "p2"));
    expect(botBrainSeed(seed, "p2")).not.toBe(botBrainSeed("b".repeat(64), "p2"));
    expect(botBrainSeed(seed, "p2")).not.toBe(botBrainSeed(seed, "p1"));
    expect(botBrainSeed(seed, "p2")).not.toContain(botToken(seed, "p2"));
  });

  it("are what the host gives the bot worker: two matches with the same id and seat but other secret seeds get other brains", async () => {
    const [a] = await attached("m-public-id", "1".repeat(64));
    const [b] = await attached("m-public-id", "2".repeat(64));
    expect(a?.brainSeed).toBe(botBrainSeed("1".repeat(64), "p2"));
    expect(b?.brainSeed).toBe(botBrainSeed("2".repeat(64), "p2"));
    expect(a?.brainSeed).not.toBe(b?.brainSeed);
    expect(a?.brainSeed).not.toContain("m-public-id");
  });
});

describe("the Age of Sigmar bot's secret list (core rule C2, seed 003 24.1)", () => {
  const host = RULESETS.get("sigmar")!;
  const muster = sigmar.setup({ seats: ["p1", "p2"] }, "muster-seed").state;
  const view = sigmar.viewFor(muster, seatViewer("p2")) as SigmarView;
  const reserveOf = (command: unknown) => (command as { army: { units: { warscroll: string; reserve?: boolean }[] } }).army.units.filter((u) => u.reserve).map((u) => u.warscroll).join("+");
  const fieldOf = (command: unknown) => (command as { army: { units: { warscroll: string; reserve?: boolean }[] } }).army.units.filter((u) => !u.reserve).map((u) => u.warscroll).join("+");

  it.each(["easy", "normal", "hard"] as const)("%s: every level draws its reserve with its brain seed, so the units it fields do not tell the reserve", (level) => {
    const locks = Array.from({ length: 16 }, (_, i) => host.bot!.brain(level, "p2", botBrainSeed(`${i}`.repeat(64).slice(0, 64), "p2")).choose(view));
    expect(locks.every((c) => (c as { type: string }).type === "lock_army")).toBe(true);
    expect(new Set(locks.map(fieldOf)).size).toBe(1);
    expect(new Set(locks.map(reserveOf)).size).toBeGreaterThan(1);
  });
});
