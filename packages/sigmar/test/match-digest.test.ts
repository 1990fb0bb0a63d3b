/**
 * Pins the ruleset's observable behaviour bit for bit on seeded bot matches (mustered in the
 * match, continuous moves sampled from templates): after every accepted command the state's hash,
 * every seat's legal commands and templates, and the log entry, folded into one digest per match.
 * A rule change that changes a replay must bump RULES_VERSION and record new digests
 * (PRINT_DIGESTS=1 prints them).
 */
import { autoplay, canonicalJson, sha256Hex, stateHash } from "@fogwar/engine";
import { legalCommands, sigmar, sigmarBotPolicy, templates } from "../src";

function digest(i: number): string {
  const parts: string[] = [];
  const match = autoplay(sigmar, { seats: ["p1", "p2"] }, `golden-${i}`, `gbot-${i}`, {
    policy: sigmarBotPolicy,
    onCommand: (m) => {
      parts.push(stateHash(m.state), sha256Hex(JSON.stringify(m.toLog().entries.at(-1))));
      for (const seat of ["p1", "p2"]) parts.push(sha256Hex(JSON.stringify(legalCommands(m.state, seat))), sha256Hex(JSON.stringify(templates(m.state, seat))));
    },
  });
  parts.push(sha256Hex(canonicalJson(match.toLog())));
  return sha256Hex(parts.join("|"));
}

const RECORDED: readonly string[] = [
  "f38348c872540ced3294bfce8857d799a4376193add50b77ee7bf39a0bac429f",
  "01ca4eb5a2b94d5c37ac2d7f92c269666bffc9d7ccb18a1bab71714fc066e601",
  "e7991e995d3fcf324bab1d86f647be71acb3e123109c62bfa2f137b8b135e1c6",
];

describe("match digests", () => {
  it("plays seeded bot matches exactly as recorded: states, legal lists, templates and events", () => {
    const digests = Array.from({ length: 3 }, (_, i) => digest(i));
    if (process.env.PRINT_DIGESTS) console.log(JSON.stringify(digests, null, 2));
    expect(digests).toEqual(RECORDED);
  });
});
