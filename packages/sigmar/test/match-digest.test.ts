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
  "b54ed81a32a5d299109685f75e4a97d885dbff851fd6e333357b5c701c56d73f",
  "e74e73e105e540a801d942061906b7ebcebc129264da27120d91b782057eba9d",
  "e12bc2d62542a29fb4df4112bfa4b39e56ccac26960dc0c9da9436e9cc81cd5f",
];

describe("match digests", () => {
  it("plays seeded bot matches exactly as recorded: states, legal lists, templates and events", () => {
    const digests = Array.from({ length: 3 }, (_, i) => digest(i));
    if (process.env.PRINT_DIGESTS) console.log(JSON.stringify(digests, null, 2));
    expect(digests).toEqual(RECORDED);
  });
});
