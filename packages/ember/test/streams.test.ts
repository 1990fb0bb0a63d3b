/**
 * EMBER's random stream (docs/rules/ember.md "Random streams"): every die is public and comes
 * from the match seed's `dice` stream, a keyed ChaCha20 stream whose state is its key and how
 * many words it gave.
 */
import { autoplay, Random, rngStateFromSeed } from "@fogwar/engine";
import { catalog, ember, emberBotPolicy } from "../src";
import { EMPTY_SEED_DICE } from "../src/legal";
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
});
