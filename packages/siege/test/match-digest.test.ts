/**
 * Pins Siege's observable behaviour bit for bit on seeded bot matches (1 v 1 and 2 v 2), so that
 * work on the speed of `apply` and `legalCommands` (copies, caches, fast validation) cannot
 * change it: after every accepted command, the state's hash and its JSON (key order included),
 * every seat's legal commands in order, the log entry, and the errors of a few refused commands,
 * all folded into one digest per match. The digests were recorded before those optimisations.
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
  "cb16182de1f50f6f13c552948ed51c0c76a40f05c3e1dd09af8a17e0067725ac",
  "e50aaa439a8c99cf4e88ff58d9d470fffafd7bb0f06f3374bec6a5d429e2a718",
  "353d42d571c1d09fee3cc4285478a141678c8adeebdb8868281e21099aae3547",
  "103a8244548814b71b07f75bb202afee0536f56291b1147a7a81a1e8deee93c8",
];

describe("Siege match digests", () => {
  it("plays seeded bot matches exactly as recorded: states, legal lists, events and errors", () => {
    const digests = Array.from({ length: 4 }, (_, i) => digest(i));
    if (process.env.PRINT_DIGESTS) console.log(JSON.stringify(digests, null, 2));
    expect(digests).toEqual(RECORDED);
  });
});
