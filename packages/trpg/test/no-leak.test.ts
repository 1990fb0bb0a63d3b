/**
 * No-leak playouts of the TRPG (design.md "Hidden information"; seed 002 3-3, 3-4), run by the
 * engine kit. Over seeded bot matches in GM mode and versus, at every step and for every viewer
 * of `allViewers(seats, ["party", "enemies"])`:
 * - non-interference, concealment (secrets.ts `concealedSquares`): moving each concealed character
 *   of a side to another square and changing its value changes nothing the other side or a
 *   spectator sees (`viewFor`), who is awaited, the pending decision, their legal commands, nor
 *   the answer to their commands (accepted alike with the same events and views after, or refused
 *   with the same error), until something reveals it;
 * - non-interference, presence (`presence`): the same state without each character the other side
 *   has never seen is the same to them in all those channels, and nothing they receive names it
 *   (four of the matches give the hidden enemies random loadouts, low wounds and contaminated
 *   squares: `presenceSetup`);
 * - non-interference, awareness (`awareness`): one more `target>attacker` pair changes nothing the
 *   target's side sees until an attack;
 * - GM mode: an enemy's stat block (archetype, weapon) never reaches a party seat or a spectator
 *   until a check reveals it; the dice seed reaches nobody before the end;
 * - `legalCommandsInView(viewFor(state, seat), seat)` equals `legalCommands(state, seat)`.
 */
import { allViewers } from "@fogwar/engine";
import { runKit } from "@fogwar/engine/testing";
import { ERRORS, presenceSetup, trpg, trpgBotPolicy, type TrpgSetup } from "../src";
import { GM_SETUP, PUMPHOUSE_VERSUS, QUARRY_GM, VERSUS_SETUP } from "./helpers";
import { awareness, concealedSquares, diceSeed, presence, statBlockBreaches } from "./secrets";

const SETUPS: readonly TrpgSetup[] = [GM_SETUP, VERSUS_SETUP, QUARRY_GM, PUMPHOUSE_VERSUS];
const CASES = [
  ...Array.from({ length: 8 }, (_, i) => ({ seed: `no-leak-${i}-3c9d`, botSeed: `no-leak-bot-${i}`, setup: SETUPS[i % SETUPS.length]! })),
  // Hidden enemies with random loadouts, low wounds, in contamination (`presenceSetup`): they heal, stabilise and die unseen.
  ...Array.from({ length: 4 }, (_, i) => ({ seed: `no-leak-loadout-${i}`, botSeed: `no-leak-loadout-bot-${i}`, setup: presenceSetup(SETUPS[i % SETUPS.length]!, `no-leak-loadout-${i}`) })),
];
const viewers = (setup: TrpgSetup) => allViewers(trpg.seatsOf(setup), ["party", "enemies"]);
const SECRETS = [concealedSquares("party"), concealedSquares("enemies"), presence("enemies"), awareness("party"), awareness("enemies"), diceSeed];

describe("seed 002 3-3 색적, 은엄폐: no viewer learns where a concealed character is, nor that an unseen one is there", () => {
  test.each(CASES)("match $seed ($setup.scenario, $setup.mode): at every step, every viewer sees only what it may know", (c) => {
    const { problems, counters } = runKit({
      ruleset: trpg,
      cases: [{ ...c, label: `match ${c.seed}` }],
      policy: trpgBotPolicy,
      viewers,
      secrets: SECRETS,
      errors: ERRORS,
      inView: 1,
      replay: false,
      onStep: (ctx) => {
        for (const text of statBlockBreaches(ctx)) ctx.problems.add("stat block", text);
      },
    });
    expect(problems.kinds().flatMap((k) => problems.shown(k))).toEqual([]);
    const varied = SECRETS.reduce((n, s) => n + counters.get(`${s.name}:varied`), 0);
    expect(varied).toBeGreaterThan(10);
  });
});
