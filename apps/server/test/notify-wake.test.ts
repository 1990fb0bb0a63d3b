/**
 * A live match wakes this process's deliverer (../src/notify/wake.ts) only when an entry stored a
 * notification: a seat bound to an account is owed one; a seat nobody's account holds is owed
 * nothing, and a wake-up would only cost the deliverer a claim that finds nothing.
 */
import { autoplay, seedCommitment } from "@fogwar/engine";
import { catalog, emberBotPolicy } from "@fogwar/ember";
import { LiveMatch } from "../src/live.js";
import { RULESETS } from "../src/hosts/index.js";
import { onOwed } from "../src/notify/wake.js";
import { openStore, type MatchStore } from "../src/store/index.js";
import { emberRequest } from "./harness";

jest.setTimeout(60_000);

const host = RULESETS.get("ember")!;
const SEED = "notify-wake-seed";
let store: MatchStore;
beforeAll(async () => {
  store = await openStore({});
});
afterAll(async () => {
  await store?.close();
});

/** Plays the first 20 commands of a bot game in a new match; returns the wake-ups and the rows owed. */
async function play(id: string, accountOf: (seat: string) => string | undefined): Promise<{ wakes: number; owed: number }> {
  const request = emberRequest(catalog);
  const made = host.makeSetup({ scenario: request.scenario, players: request.players, options: { progressiveReveal: false } });
  if (!made.ok) throw new Error(made.problem.message);
  for (const seat of made.seats) {
    const account = accountOf(seat);
    if (account) await store.accounts.createAccount({ id: account, kind: "guest", name: account, seatSecret: `secret-${account}` });
  }
  await store.createMatch(
    { id, ruleset: "ember", rulesVersion: host.ruleset.rulesVersion, scenario: "crossroads", setup: made.setup, seed: SEED, seedCommitment: seedCommitment(SEED), options: { spectatorDelay: 0, reconnectGrace: 120, progressiveReveal: false } },
    made.seats.map((seat) => ({ seat, playerName: seat, tokenHash: `hash-${id}-${seat}`, ...(accountOf(seat) ? { accountId: accountOf(seat) } : {}) })),
  );
  const commands = autoplay(host.ruleset, made.setup, SEED, "notify-wake-bot", { policy: emberBotPolicy }).toLog().entries.slice(0, 20);
  const match = await LiveMatch.open(store, id);
  let wakes = 0;
  const stop = onOwed(() => wakes++);
  try {
    for (const entry of commands) {
      const outcome = await match.submit(entry.seat, entry.command, `id-${entry.seq}`);
      if (!outcome.ok) throw new Error(outcome.error.code);
    }
  } finally {
    stop();
  }
  const owed = (await Promise.all(made.seats.map((seat) => (accountOf(seat) ? store.notifications.owedTo(accountOf(seat)!) : [])))).flat().length;
  return { wakes, owed };
}

test("seats bound to accounts: each entry that owes a notification wakes the deliverer once", async () => {
  const { wakes, owed } = await play("bound", (seat) => `acc-bound-${seat}`);
  expect(owed).toBeGreaterThan(0);
  expect(wakes).toBeGreaterThan(0);
  expect(wakes).toBeLessThanOrEqual(owed);
});

test("seats nobody's account holds: nothing is owed and the deliverer is never woken", async () => {
  const { wakes } = await play("anonymous", () => undefined);
  expect(wakes).toBe(0);
});
