/**
 * Pins Siege's observable behaviour bit for bit on seeded bot matches (1 v 1 and 2 v 2), so that
 * work on the speed of `apply` and `legalCommands` (copies, caches, fast validation) cannot
 * change it: after every accepted command, the state's hash and its JSON (key order included),
 * every seat's legal commands in order, the log entry, and the errors of a few refused commands,
 * all folded into one digest per match. The digests were recorded before those optimisations, and
 * again for each rules change that changes a replay (with RULES_VERSION): siege-0.2.0, a red-pinged
 * operator counts as seen for reaction shots too (seed 004 "레드핑", "대응 사격"); siege-0.3.0, the
 * dice and the hidden token ids come from separate keyed ChaCha20 streams; siege-0.4.0, placed
 * gadgets go on an adjacent empty space inside, not through walls (seed 004 "전술 도구", "인접판정"),
 * and a flashbang marks secret tokens (seed 004 "섬광탄").
 */
import { autoplay, canonicalJson, sha256Hex, stateHash } from "@fogwar/engine";
import { siege, siegeBotPolicy, type SiegeCommand } from "../src";
import { SETUP_1V1, SETUP_2V2 } from "./helpers";

function digest(i: number): string {
  const setup = i % 2 === 0 ? SETUP_1V1 : SETUP_2V2;
  const seats = siege.seatsOf(setup);
  const parts: string[] = [];
  const match = autoplay(siege, setup, `golden-${i}`, `gbot-${i}`, {
    policy: siegeBotPolicy,
    maxCommands: 20_000,
    onCommand: (m) => {
      const state = m.state;
      parts.push(stateHash(state), sha256Hex(JSON.stringify(state)), sha256Hex(JSON.stringify(m.toLog().entries.at(-1))));
      const awaited = siege.awaiting(state);
      const theirs = awaited.length > 0 ? siege.legalCommands(state, awaited[0]!).slice(0, 1) : [];
      for (const seat of seats) {
        parts.push(sha256Hex(JSON.stringify(siege.legalCommands(state, seat))));
        // Nonsense, and an awaited seat's command sent by a seat that is not awaited, are refused.
        const refusals: unknown[] = [{ type: "bogus" }, { type: "step", operator: 7, to: "0,0" }, ...(awaited.includes(seat) ? [] : theirs)];
        for (const command of refusals) {
          const r = siege.apply(state, command as SiegeCommand, seat);
          parts.push(r.ok ? `accepted ${stateHash(r.state)}` : JSON.stringify(r.error));
        }
      }
    },
  });
  parts.push(sha256Hex(canonicalJson(match.toLog())));
  return sha256Hex(parts.join("|"));
}

const RECORDED: readonly string[] = [
  "0d65d2f6f997e76300ad8cd464b0cd33ff6b5c612f512d31ba27f4a20bda9175",
  "ef1544021672fb9d48e271f9bc1c06d11a76161ae64e96a06b57d89c6f9b34b7",
  "b5896addea3629a5cc6c77e1c330de4a1420d2a8f1dd770844d28a2760277b0a",
  "3679e6f1d6e10c39e38290a46245772cfa2dee64dc3f8c4a946030bd8039890c",
];

describe("Siege match digests", () => {
  it("plays seeded bot matches exactly as recorded: states, legal lists, events and errors", () => {
    const digests = Array.from({ length: 4 }, (_, i) => digest(i));
    if (process.env.PRINT_DIGESTS) console.log(JSON.stringify(digests, null, 2));
    expect(digests).toEqual(RECORDED);
  });
});
