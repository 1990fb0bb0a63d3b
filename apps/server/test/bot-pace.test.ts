/**
 * The server bot's pace (src/bots/player.ts `paceWait`): a command goes out exactly the pace after
 * the bot first looked at the position, whatever its thinking took, so the moment it arrives tells
 * nothing of what the bot's own view holds (docs/rules/trpg.md "Presence", Time); a search longer
 * than the pace goes out at the next whole multiple of it.
 */
import { paceWait } from "../src/bots/player.js";

describe("the bot's pace", () => {
  test("a command goes out at the pace after the turn began, for every think time shorter than it", () => {
    const since = 10_000;
    for (const think of [0, 1, 37, 350, 699]) expect(since + think + paceWait(since, 700, since + think)).toBe(since + 700);
  });

  test("thinking as long as the pace or longer sends at the next whole multiple of it (only 'longer than the pace' shows)", () => {
    const since = 5_000;
    expect(since + 700 + paceWait(since, 700, since + 700)).toBe(since + 700);
    for (const think of [701, 1_000, 1_399]) expect(since + think + paceWait(since, 700, since + think)).toBe(since + 1_400);
    expect(since + 1_401 + paceWait(since, 700, since + 1_401)).toBe(since + 2_100);
  });

  test("no pace (tests): no wait", () => {
    expect(paceWait(1_000, 0, 1_250)).toBe(0);
    expect(paceWait(1_000, 0, 1_000)).toBe(0);
  });
});
