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
  "4c5764bd2368bb799884ccbbaa252d86ea7afa77a1b2e4700cf75aef34d75d12",
  "3a2f792619caa36d983210f0c3f555a0dad3d8a64a477f0be7c5b044107071e5",
  "7ab46b3b4ae18e313b3535c3f2c3a013a465557b9a58b2a98b47f98831635be9",
  "974769a504403bacfc9590a5f8735417510d2921098a8d1abc60dc9d5919d8ee",
  "2de34bfd0ac4919e0988d7740678718b643252583d8ca9abacf738bbf17d0c2f",
  "bb43e5e5619fb75e7ccd1ff75f9fe84b25ed3deb15ce4c37c1ddcc0f19fc6708",
  "c19b5639606c3b3318363b05453aaaa093a28904fbc56451dbcf5c3abc1c7d5f",
  "29257600c33f271bc9f1fb195576ce524cc0b16a2c7fac065d8c2d0266e8c7d0",
  "9f0bb513c39de0d97c3ac90d4fbddc8e9fe9849afd2ea4241a0b07a6bc8072e0",
  "e5c69d67011b7f6c416c2ae6be801235883a9d41816dfb3fdfbd84d9c266d35a",
  "a66767fea2f1c51a278eab29d0d87ff4007f8195c2b2eee073f5e73c1cac08fb",
  "272aa82700f15072c76c59310e7a6d5b845731a12b0edef19aa48c19b1485cb2",
];

describe("EMBER match digests", () => {
  it("plays seeded bot matches exactly as recorded: states, legal lists, events and errors", () => {
    const digests = Array.from({ length: 12 }, (_, i) => digest(i));
    if (process.env.PRINT_DIGESTS) console.log(JSON.stringify(digests, null, 2));
    expect(digests).toEqual(RECORDED);
  });
});
