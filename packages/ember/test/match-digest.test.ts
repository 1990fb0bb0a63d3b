/**
 * Pins EMBER's observable behaviour bit for bit on seeded bot matches, so that work on the speed
 * of `apply` and `legalCommands` (copies, caches, grids, fast validation) cannot change it: after
 * every accepted command, the state's hash and its JSON (key order included), every seat's legal
 * commands in order, the log entry, and the errors of a few refused commands, all folded into one
 * digest per match. The digests were recorded before those optimisations, and recorded again for
 * each rules version (`RULES_VERSION`) whose rule changes change replays.
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
  "b117f0b2c0f873bfd8c79df2c2a4228982c681cdbddaf98e4cbfd0224f95a139",
  "6516fd1af63d453973a89e49b6b80e86b24a3ab6f7f9d72d17c0459dd78746e9",
  "44cc39edf2f1afecc3815046e730f030d81bb01fc3900701268c83fc9116ee60",
  "d51121ad2ea0973ad56bc1f42ba7250a2108ab2445fd2f5e45a996abcbba1ffd",
  "91521d04ba2adb1f5aa786bb9f7dbb91bb336d775d2987d030e4649b17e31b9f",
  "222cb6dbdd9f424da878e06063baf39d72a094b63dc8c1b4deef345b88bed628",
  "6860e52e6bd162dcd43f29d81539d158e60703476a31452a1a76c0c1edc36284",
  "b1a4891472a639303bc3a41459bbd4c47dba60c88ef859e36292754c0c47c359",
  "cbce0f68d97ed99b0c9190b93937b6d653a3b8ee834a90711b9e7ea705de0e79",
  "f843e2c8f3159ade2dd9d6519e461cf31078998e69efffb1b75b431623f4178e",
  "8886493444ec495d0f46014851175225b1717cc33a4bdea282b5be33d2d3a743",
  "e36eff4aef90ef582d88424b984523b4d0a1273ea50819600c3a8a9a3738c4cc",
];

describe("EMBER match digests", () => {
  it("plays seeded bot matches exactly as recorded: states, legal lists, events and errors", () => {
    const digests = Array.from({ length: 12 }, (_, i) => digest(i));
    if (process.env.PRINT_DIGESTS) console.log(JSON.stringify(digests, null, 2));
    expect(digests).toEqual(RECORDED);
  });
});
