/**
 * The server hashes states natively (src/state-hash.ts); stored hashes must stay the engine's, so
 * that replays, restarts and browsers verify them. Both over real EMBER and Siege states, every
 * state of a whole bot match, and over awkward values.
 */
import { autoplay, replay, stateHash } from "@fogwar/engine";
import { catalog, emberBotPolicy } from "@fogwar/ember";
import { siegeBotPolicy } from "@fogwar/siege";
import { RULESETS } from "../src/hosts/index.js";
import { nativeStateHash } from "../src/state-hash.js";
import { emberRequest } from "./harness";

function everyState(ruleset: "ember" | "siege", request: { scenario: string; players: unknown; options: Record<string, unknown> }, policy: unknown): unknown[] {
  const host = RULESETS.get(ruleset)!;
  const made = host.makeSetup(request as Parameters<typeof host.makeSetup>[0]);
  if (!made.ok) throw new Error(made.problem.message);
  const played = autoplay(host.ruleset, made.setup, "hash-seed", `hash-bot-${ruleset}`, { policy: policy as never, maxCommands: 400 });
  const states: unknown[] = [];
  replay(host.ruleset, played.toLog(), (_seq, state) => states.push(state));
  return states;
}

describe("nativeStateHash", () => {
  it("equals the engine's stateHash on every state of an EMBER match", () => {
    const request = emberRequest(catalog);
    const states = everyState("ember", { ...request, options: { progressiveReveal: false } }, emberBotPolicy);
    expect(states.length).toBeGreaterThan(10);
    for (const state of states) expect(nativeStateHash(state)).toBe(stateHash(state));
  });

  it("equals the engine's stateHash on every state of a Siege match", () => {
    const states = everyState("siege", { scenario: "ledger", players: [{ name: "attacker", team: "attack" }, { name: "defender", team: "defence" }], options: {} }, siegeBotPolicy);
    expect(states.length).toBeGreaterThan(10);
    for (const state of states) expect(nativeStateHash(state)).toBe(stateHash(state));
  });

  it("equals it on text outside ASCII, lone surrogates and odd numbers", () => {
    const values: unknown[] = [null, "", "é한😀", "\ud800 lone", { b: [1, -0, 1.5e300, null, undefined], a: { "": "x".repeat(5000) } }];
    for (const value of values) expect(nativeStateHash(value)).toBe(stateHash(value));
  });
});
