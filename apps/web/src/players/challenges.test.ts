/**
 * Rematches and accepted challenges: the open rematch of a match from either side, and the match a
 * challenge I sent became (live, same ruleset, against that player, made after I sent it).
 */
import type { MyMatch } from "@fogwar/protocol";
import type { ChallengeView } from "../lobby/play-api";
import { acceptedMatch, rematchOf } from "./challenges";

const challenge = (over: Partial<ChallengeView> = {}): ChallengeView => ({ challengeId: "c1", player: "Bo", settings: { ruleset: "ember", scenario: "s" }, rematchOf: null, createdAt: "2026-01-01T00:00:00Z", ...over });
const match = (over: Partial<MyMatch> = {}): MyMatch => ({
  matchId: "m2", ruleset: "ember", scenario: "s", status: "live", mySeats: ["p2"], yourMove: false,
  seats: [{ seat: "p1", playerName: "Bo", bot: false }, { seat: "p2", playerName: "Ada", bot: false }],
  result: null, createdAt: "2026-01-01T00:10:00Z", finishedAt: null, ...over,
});

test("the open rematch of a match, offered to me or by me", () => {
  expect(rematchOf({ incoming: [challenge()], outgoing: [] }, "m1")).toBeNull();
  expect(rematchOf({ incoming: [challenge({ rematchOf: "m1" })], outgoing: [] }, "m1")?.side).toBe("incoming");
  expect(rematchOf({ incoming: [challenge({ rematchOf: "m0" })], outgoing: [challenge({ challengeId: "c2", rematchOf: "m1" })] }, "m1")).toEqual({ side: "outgoing", challenge: expect.objectContaining({ challengeId: "c2" }) });
});

test("the match my accepted challenge became", () => {
  const since = Date.parse("2026-01-01T00:09:00Z");
  expect(acceptedMatch([match()], challenge(), since)?.matchId).toBe("m2");
  expect(acceptedMatch([match({ status: "finished" })], challenge(), since)).toBeNull();
  expect(acceptedMatch([match({ ruleset: "siege" })], challenge(), since)).toBeNull();
  expect(acceptedMatch([match({ createdAt: "2026-01-01T00:00:00Z" })], challenge(), since)).toBeNull();
  expect(acceptedMatch([match()], challenge({ player: "Cy" }), since)).toBeNull();
  expect(acceptedMatch([match(), match({ matchId: "m3", createdAt: "2026-01-01T00:11:00Z" })], challenge(), since)?.matchId).toBe("m3");
});
