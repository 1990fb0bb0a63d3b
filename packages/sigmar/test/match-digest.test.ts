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
  "873e09ec434d604a1baf06f761d1322155be0dacfe44ce3b4cf061d9c52d1e1b",
  "b6b2b0185fc3817398257361b01827df297a6384abe0678c2f84536421d6e51a",
  "eb4b8fccde7e3ac52820cf3cf84f327e9b9259b575d5d4351784bce74cf8e53f",
];

describe("match digests", () => {
  it("plays seeded bot matches exactly as recorded: states, legal lists, templates and events", () => {
    const digests = Array.from({ length: 3 }, (_, i) => digest(i));
    if (process.env.PRINT_DIGESTS) console.log(JSON.stringify(digests, null, 2));
    expect(digests).toEqual(RECORDED);
  });
});
