/**
 * An EMBER match stored as the server's create endpoint stores one (Crossroads, the sample armies,
 * no progressive reveal), with a whole bot game of it played in memory: the commands a test submits
 * through a live match.
 */
import { autoplay, seedCommitment, type LogEntry } from "@fogwar/engine";
import { catalog, emberBotPolicy, type EmberCommand, type EmberEvent } from "@fogwar/ember";
import { RULESETS } from "../src/hosts/index.js";
import type { MatchStore } from "../src/store/index.js";
import { emberRequest } from "./harness";

/**
 * Stores match `id` with the match seed `seed` and the spectator delay `spectatorDelay` (rounds)
 * in `store`, and plays it to its end with the seeded random bot `botSeed` (EMBER's bot policy).
 * @returns the bot game's log entries, in order.
 */
export async function storedEmberMatch(store: MatchStore, id: string, seed: string, botSeed: string, spectatorDelay = 0): Promise<readonly LogEntry<EmberCommand, EmberEvent>[]> {
  const host = RULESETS.get("ember")!;
  const request = emberRequest(catalog);
  const made = host.makeSetup({ scenario: request.scenario, players: request.players, options: { progressiveReveal: false } });
  if (!made.ok) throw new Error(made.problem.message);
  await store.createMatch(
    { id, ruleset: "ember", rulesVersion: host.ruleset.rulesVersion, scenario: "crossroads", setup: made.setup, seed, seedCommitment: seedCommitment(seed), options: { spectatorDelay, reconnectGrace: 120, progressiveReveal: false } },
    made.seats.map((seat) => ({ seat, playerName: seat, tokenHash: `hash-${id}-${seat}` })),
  );
  return autoplay(host.ruleset, made.setup, seed, botSeed, { policy: emberBotPolicy }).toLog().entries as readonly LogEntry<EmberCommand, EmberEvent>[];
}
