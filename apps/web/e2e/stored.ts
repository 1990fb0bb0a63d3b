/**
 * Finished matches put straight into a browser test's server store: the replay fixtures of
 * @fogwar/rules-archive (packages/rules-archive/fixtures/<version>.json, each a whole match played
 * with that rules version), stored as the server that played them stored them, so the review
 * (`/review/:id`) rebuilds and verifies them.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ReplayFixture } from "@fogwar/rules-archive";
import type { RunningServer } from "@fogwar/server";
import { hostFor } from "@fogwar/server/hosts";
import { ROOT } from "./support";

/** The replay fixture of a rules version (e.g. "siege-0.1.0"). @throws when the version has no fixture. */
export const fixtureOf = (version: string): ReplayFixture => JSON.parse(readFileSync(join(ROOT, "packages", "rules-archive", "fixtures", `${version}.json`), "utf8")) as ReplayFixture;

/** Stores a fixture's whole match as finished under `id` (players Ada, Bo, ...), as the server that played it did. */
export async function storeFinished(server: RunningServer, id: string, fixture: ReplayFixture): Promise<void> {
  // The ruleset as the server hosts that version (the frozen build of an older one): its seats and scenario.
  const host = await hostFor(fixture.ruleset, fixture.rulesVersion);
  const seats = host.ruleset.seatsOf(fixture.setup) as string[];
  await server.store.createMatch(
    { id, ruleset: fixture.ruleset, rulesVersion: fixture.rulesVersion, scenario: host.scenarioOf(fixture.setup), setup: fixture.setup, seed: fixture.seed, seedCommitment: fixture.seedCommitment, options: { spectatorDelay: 0, reconnectGrace: 120, progressiveReveal: false } },
    seats.map((seat, i) => ({ seat, playerName: ["Ada", "Bo", "Cy", "Di"][i] ?? seat, tokenHash: `old-${id}-${seat}` })),
  );
  const last = fixture.entries.at(-1)?.seq;
  for (const e of fixture.entries) {
    await server.store.appendEntry(id, { seq: e.seq, seat: e.seat, command: e.command, events: e.events, stateHash: e.stateHash }, e.seq === last ? { finish: { status: "finished", result: fixture.result } } : undefined);
  }
}
