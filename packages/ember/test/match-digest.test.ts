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
  "e69aabe1405da759a350e6ad495c374b9bd2cfb749d96cd90782082d1ad9bc59",
  "b8f2e889875996f0ec74d222d0e59181eff62e8d911351ab6dac372e7cfa23f9",
  "989ded5e277083c11daf0c8c4967a8d66b4ca8eba4eeca79fa70d82e781b038e",
  "0f694bb4f07b58c74e6c11e1e5a328d68841e19f04f90c0e9b5af46f06c559dc",
  "b2da7461dae8b977c9e122fbbe165bf508003930fa6b70dc4abb7e94061734ed",
  "285fc691b8e1a4c88eed66c53f3b38cb7baec7276b34c1bec4d9f233a0b81514",
  "a684a1b9bf49d6d3f548252a149f267c9d8fe1b24bb517e18ec79c18a6330e77",
  "97259fe546175446f1374f14326aba6727c55f63abec175cb5639af43583ccf2",
  "12c1e07bd28ad8da2bb2e35b341c906f426087ff3637d14823171895dac88daa",
  "fbb8060dad1b137a229942aba51889b528a565dda83f47f631be364b9ef3fe09",
  "664bac253aaa6698208193f62103f67c13b4bb5eb181b1ba22ca17825b448956",
  "ce71a7adb75ff16357a6f0281cdc72678134bee1de14cf3bff39872ef7157a93",
];

describe("EMBER match digests", () => {
  it("plays seeded bot matches exactly as recorded: states, legal lists, events and errors", () => {
    const digests = Array.from({ length: 12 }, (_, i) => digest(i));
    if (process.env.PRINT_DIGESTS) console.log(JSON.stringify(digests, null, 2));
    expect(digests).toEqual(RECORDED);
  });
});
