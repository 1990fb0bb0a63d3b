/**
 * Siege's random streams (docs/rules/siege.md "Random streams"): every damage die comes from the
 * match seed's `dice` stream, the ids of the defence's hidden tokens from its `tokens` stream, so
 * no public die shares a stream with the draws that hide which token is real.
 */
import { autoplay, Random, rngStateFromSeed } from "@fogwar/engine";
import { siege, siegeBotPolicy } from "../src";
import { SETUP_1V1 } from "./helpers";

describe("Siege random streams", () => {
  test("token ids come from the tokens stream, dice from the dice stream: neither moves the other", () => {
    let afterSetup: { dice: unknown; tokens: unknown } | null = null;
    const match = autoplay(siege, SETUP_1V1, "streams-seed", "streams-bot", {
      policy: siegeBotPolicy,
      onCommand: (m) => {
        if (afterSetup === null && m.state.phase === "action") afterSetup = { ...m.state.server.rng };
      },
    });
    const { seed, rng } = match.state.server;
    // The setup drew token ids only: its dice stream is untouched, its tokens stream gave the ids.
    expect(afterSetup!.dice).toEqual(rngStateFromSeed(seed, "dice"));
    const tokens = new Random(rngStateFromSeed(seed, "tokens"));
    const drawn = Array.from({ length: 64 }, () => `t${tokens.int(0, 0xffffff).toString(16).padStart(6, "0")}`);
    for (const token of match.state.tokens) expect(drawn).toContain(token.id);
    // The battle rolled dice and no token id.
    expect(rng.tokens).toEqual(afterSetup!.tokens);
    expect(rng.dice.drawn).toBeGreaterThan(0);
  });
});
