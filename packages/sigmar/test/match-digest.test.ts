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
  "27b9c50106b767e9fe3fc09c0a40d15da2aa8af92eb6a830a6382d0e134c0bff",
  "0eb84026fe8b637572c35cfa833327cc10732bac08b882b6d8ce98a0a1587d0c",
  "317f65867700577776d3b731903ab79768d20c8a7d7e5b46856adafe6b44f74d",
];

describe("match digests", () => {
  it("plays seeded bot matches exactly as recorded: states, legal lists, templates and events", () => {
    const digests = Array.from({ length: 3 }, (_, i) => digest(i));
    if (process.env.PRINT_DIGESTS) console.log(JSON.stringify(digests, null, 2));
    expect(digests).toEqual(RECORDED);
  });
});
