/**
 * EMBER's random stream (docs/rules/ember.md "Random streams"): every die is public and comes
 * from the match seed's `dice` stream, a keyed ChaCha20 stream whose state is its key and how
 * many words it gave.
 */
import { autoplay, Random, rngStateFromSeed, seatViewer } from "@fogwar/engine";
import { catalog, ember, emberBotPolicy } from "../src";
import { EMPTY_SEED_DICE, stateFromView } from "../src/legal";
import { SETUP } from "./helpers";

describe("EMBER random stream", () => {
  test("the placeholder dice stream of a state built from a view is the empty seed's, as the function computes it", () => {
    expect(EMPTY_SEED_DICE).toEqual(rngStateFromSeed("", "dice"));
  });

  test("the first-player roll-off is the first draws of the seed's dice stream", () => {
    const { state, events } = ember.setup({ ...SETUP, seats: [...SETUP.seats] }, "streams-seed");
    const roll = events.map((e) => e.event).find((e) => e.type === "first_player_roll");
    if (roll?.type !== "first_player_roll") throw new Error("no roll-off");
    const dice = new Random(rngStateFromSeed(state.secret.seed, "dice"));
    const yellow = catalog.data.dice.yellow;
    const faces = () => [0, 1].map(() => yellow[dice.int(0, yellow.length - 1)]);
    expect(roll.rolls.p1).toEqual(faces());
    expect(roll.rolls.p2).toEqual(faces());
  });

  test("a whole battle keeps one stream, dice, in its state: a key and a count of words drawn", () => {
    const match = autoplay(ember, { ...SETUP, seats: [...SETUP.seats] }, "streams-battle", "streams-bot", { policy: emberBotPolicy });
    expect(Object.keys(match.state.secret.rng)).toEqual(["dice"]);
    expect(match.state.secret.rng.dice.key).toBe(rngStateFromSeed(match.state.secret.seed, "dice").key);
    expect(match.state.secret.rng.dice.drawn).toBeGreaterThan(20);
  });

  test("attack: a seat that keeps every projection of a battle holds neither the seed nor the dice key while it is live (the seed comes with the end, for verification); the state it builds from them holds the empty seed's stream", () => {
    let steps = 0;
    autoplay(ember, { ...SETUP, seats: [...SETUP.seats] }, "streams-attack", "streams-attack-bot", {
      policy: emberBotPolicy,
      onCommand: (match) => {
        const { seed, rng } = match.state.secret;
        for (const seat of SETUP.seats) {
          const view = ember.viewFor(match.state, seatViewer(seat));
          const kept = JSON.stringify(view);
          const over = match.state.phase === "finished";
          expect({ over, seed: kept.includes(seed), key: kept.includes(rng.dice.key) }).toEqual({ over, seed: over, key: false });
          expect(stateFromView(view).secret).toEqual({ seed: "", rng: { dice: EMPTY_SEED_DICE } });
        }
        steps += 1;
      },
    });
    expect(steps).toBeGreaterThan(20);
  });
});
