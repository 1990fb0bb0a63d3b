/**
 * Age of Sigmar's random streams (docs/rules/sigmar.md "Random streams"): every die comes from
 * the match seed's `dice` stream, the secret order of each seat's deck from its `decks` stream,
 * so no public die shares a stream with the deck.
 */
import { autoplay, Random, rngStateFromSeed, seatViewer } from "@fogwar/engine";
import { catalog, sigmar, sigmarBotPolicy } from "../src";
import { EMPTY_SEED_STREAMS, stateFromView } from "../src/view";

describe("Age of Sigmar random streams", () => {
  test("the placeholder streams of a state rebuilt from a view are the empty seed's, as the function computes them", () => {
    expect(EMPTY_SEED_STREAMS).toEqual({ dice: rngStateFromSeed("", "dice"), decks: rngStateFromSeed("", "decks") });
  });

  test("each seat's deck is shuffled from the decks stream, seat by seat; no die is drawn at setup", () => {
    const { state } = sigmar.setup({ seats: ["p1", "p2"] }, "streams-seed");
    const decks = new Random(rngStateFromSeed(state.secret.seed, "decks"));
    const cards = [...catalog.tactics.keys()];
    expect(state.secret.decks.p1).toEqual(decks.shuffle(cards));
    expect(state.secret.decks.p2).toEqual(decks.shuffle(cards));
    expect(state.secret.rng.decks).toEqual(decks.state());
    expect(state.secret.rng.dice).toEqual(rngStateFromSeed(state.secret.seed, "dice"));
  });

  test("a whole battle rolls its dice from the dice stream alone: the decks stream never moves after setup", () => {
    const start = sigmar.setup({ seats: ["p1", "p2"] }, "streams-battle").state;
    const match = autoplay(sigmar, { seats: ["p1", "p2"] }, "streams-battle", "streams-bot", { policy: sigmarBotPolicy });
    expect(match.state.secret.rng.decks).toEqual(start.secret.rng.decks);
    expect(match.state.secret.rng.dice.drawn).toBeGreaterThan(50);
  });

  test("attack: a seat that keeps every projection of a battle holds neither the seed nor a stream's key while it is live (the seed comes with the end, for verification); the state it builds from them holds the empty seed's streams and empty decks", () => {
    let steps = 0;
    autoplay(sigmar, { seats: ["p1", "p2"] }, "streams-attack", "streams-attack-bot", {
      policy: sigmarBotPolicy,
      onCommand: (match) => {
        const { seed, rng } = match.state.secret;
        for (const seat of ["p1", "p2"]) {
          const view = sigmar.viewFor(match.state, seatViewer(seat));
          const kept = JSON.stringify(view);
          const over = match.state.phase === "finished";
          expect({ over, seed: kept.includes(seed), keys: [rng.dice.key, rng.decks.key].filter((key) => kept.includes(key)) }).toEqual({ over, seed: over, keys: [] });
          expect(stateFromView(view).secret).toEqual({ seed: "", rng: EMPTY_SEED_STREAMS, decks: { p1: [], p2: [] } });
        }
        steps += 1;
      },
    });
    expect(steps).toBeGreaterThan(50);
  });
});
