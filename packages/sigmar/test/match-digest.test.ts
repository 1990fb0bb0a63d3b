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
  "327a5dfcb6be8eea09d83dd94b57b66f94782e29436091cc1147acc94e5162ba",
  "c1f0ae03fac02c57c6ab0463aa6048e7b05dd77c116a232dc522cb0a77eb8bfd",
  "dc365ad1fa133785b0b85d0237fe10c99ab258855e88bb4ab022aa27d371ee2b",
];

describe("match digests", () => {
  it("plays seeded bot matches exactly as recorded: states, legal lists, templates and events", () => {
    const digests = Array.from({ length: 3 }, (_, i) => digest(i));
    if (process.env.PRINT_DIGESTS) console.log(JSON.stringify(digests, null, 2));
    expect(digests).toEqual(RECORDED);
  });
});
