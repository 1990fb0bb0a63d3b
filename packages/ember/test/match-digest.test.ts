/**
 * Pins EMBER's observable behaviour bit for bit on seeded bot matches, so that work on the speed
 * of `apply` and `legalCommands` (copies, caches, grids, fast validation) cannot change it: after
 * every accepted command, the state's hash and its JSON (key order included), every seat's legal
 * commands in order, the log entry, and the errors of a few refused commands, all folded into one
 * digest per match. The digests were recorded before those optimisations.
 */
import { autoplay, canonicalJson, sha256Hex, stateHash } from "@fogwar/engine";
import { catalog, ember, emberBotPolicy, type EmberCommand, type EmberSetup } from "../src";

const armies = catalog.data.armies;
const setupFor = (i: number): EmberSetup => {
  const standard = i % 2 === 1;
  const pick = (k: number) => armies[((i + k) % 3) * 2 + (standard ? 1 : 0)]!;
  return { scenario: standard ? "foundry" : "crossroads", seats: ["p1", "p2"], armies: { p1: pick(0), p2: pick(1) } };
};

/** Commands a seat should be refused, with their error codes and sentences recorded. */
const refusals = (legal: readonly EmberCommand[]): unknown[] => [{ type: "bogus" }, { type: "manoeuvre", unit: "x", to: { x: 99, y: 0 }, facing: "N" }, ...legal.slice(0, 1)];

function digest(i: number): string {
  const setup = setupFor(i);
  const parts: string[] = [];
  const match = autoplay(ember, setup, `golden-${i}`, `gbot-${i}`, {
    policy: emberBotPolicy,
    onCommand: (m) => {
      const state = m.state;
      parts.push(stateHash(state), sha256Hex(JSON.stringify(state)), sha256Hex(JSON.stringify(m.toLog().entries.at(-1))));
      for (const seat of setup.seats) {
        const legal = ember.legalCommands(state, seat);
        parts.push(sha256Hex(JSON.stringify(legal)));
        // Another seat's commands, and nonsense, are refused with the same errors.
        const other = setup.seats.find((s) => s !== seat)!;
        for (const command of refusals(ember.awaiting(state).includes(seat) ? [] : ember.legalCommands(state, other))) {
          const r = ember.apply(state, command as EmberCommand, seat);
          parts.push(r.ok ? `accepted ${stateHash(r.state)}` : JSON.stringify(r.error));
        }
      }
    },
  });
  parts.push(sha256Hex(canonicalJson(match.toLog())));
  return sha256Hex(parts.join("|"));
}

const RECORDED: readonly string[] = [
  "4567418da82f53d55635afaf3c76b050cfa60ac1e6f835154352e8f298763ab4",
  "464fe5037e9553c828279574c13f84cc8f378f39634da3c25dfe4d9d527a309b",
  "df8e363168e1f98d06b947b0290aed0b31f12ebc367dcfbdaff6000038073519",
  "d44d6d4baa6a60bf04ade237718959f5a6716076fe1907312c2f9a76adc558fc",
  "82401dbe847f473f63c1d07033fbb16614cafdadb77a97b175ba1d39714c482a",
  "4d6bd019143e5597cd577f9ca3126fe95b3043767e969b06e25297f5cbea52e1",
  "7df9beff5f6a65fb64dd1d3161551030e39acd77da599033edb5f9cbd6681264",
  "f60b9e8ef836b39fa04f5bed6428e276a826113d7e7652520b43ad7dda68534b",
  "40f51910abf60efeef01aa453450d5e2ccf9c029001fcde078b1ae7f074ba433",
  "e14e8571c2b0b4b90efff2277490c85511cbba48b6a00c2f71d682593f9f63fb",
  "14db9052eba27f8c9a85c54043f1cd0a065e2304e06a792b0950d9550aefba8a",
  "b813a1f5bcdaf67f86edff921feea9a08a6ce0a1946115de364c7e246683290f",
];

describe("EMBER match digests", () => {
  it("plays seeded bot matches exactly as recorded: states, legal lists, events and errors", () => {
    const digests = Array.from({ length: 12 }, (_, i) => digest(i));
    if (process.env.PRINT_DIGESTS) console.log(JSON.stringify(digests, null, 2));
    expect(digests).toEqual(RECORDED);
  });
});
