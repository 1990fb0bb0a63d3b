/** The REST bodies and queries: valid and invalid samples, shaped as apps/server/src/http.ts uses them. */
import {
  ApiErrorBody,
  ClaimSeatRequest,
  CreateMatchRequest,
  CreateMatchResponse,
  ListMatchesQuery,
  ListMatchesResponse,
  MatchStatus,
  MatchSummary,
} from "../src";

const army = { name: "Ironclad Vanguard", faction: "RDL", units: [{ kind: "drone", drone: "rdl-scrap-tortoise" }] };
const request = {
  ruleset: "ember",
  scenario: "crossroads",
  players: [
    { name: "Ada", army },
    { name: "Bo", army },
  ],
  options: { progressiveReveal: true, spectatorDelay: 1, reconnectGrace: 300 },
};

describe("CreateMatchRequest", () => {
  it("accepts a full request and one without options", () => {
    expect(CreateMatchRequest.safeParse(request).success).toBe(true);
    const { options: _options, ...bare } = request;
    expect(CreateMatchRequest.safeParse(bare).success).toBe(true);
    expect(CreateMatchRequest.safeParse({ ...request, options: {} }).success).toBe(true);
  });

  it("accepts Siege players with a team and no army", () => {
    const siege = { ruleset: "siege", scenario: "ledger", players: [{ name: "Ada", team: "attack" }, { name: "Bo", team: "defence" }] };
    expect(CreateMatchRequest.safeParse(siege).success).toBe(true);
  });

  it("trims player names", () => {
    const parsed = CreateMatchRequest.parse({ ...request, players: [{ name: "  Ada ", army }] });
    expect(parsed.players[0]?.name).toBe("Ada");
  });

  it("accepts the option bounds", () => {
    for (const options of [{ spectatorDelay: 0 }, { spectatorDelay: 10 }, { reconnectGrace: 5 }, { reconnectGrace: 3600 }, { progressiveReveal: false }]) {
      expect(CreateMatchRequest.safeParse({ ...request, options }).success).toBe(true);
    }
  });

  it.each([
    ["no ruleset", { ...request, ruleset: undefined }],
    ["an empty scenario", { ...request, scenario: "" }],
    ["no players", { ...request, players: [] }],
    ["nine players", { ...request, players: Array.from({ length: 9 }, (_, i) => ({ name: `P${i}`, army })) }],
    ["an empty team", { ...request, players: [{ name: "Ada", team: "" }] }],
    ["a blank name", { ...request, players: [{ name: "   ", army }] }],
    ["a 41-character name", { ...request, players: [{ name: "x".repeat(41), army }] }],
    ["an unknown player key", { ...request, players: [{ name: "Ada", army, color: "red" }] }],
    ["an unknown key", { ...request, seed: "00" }],
    ["an unknown option", { ...request, options: { spectatordelay: 1 } }],
    ["a negative delay", { ...request, options: { spectatorDelay: -1 } }],
    ["an 11-round delay", { ...request, options: { spectatorDelay: 11 } }],
    ["a fractional delay", { ...request, options: { spectatorDelay: 1.5 } }],
    ["a 4-second grace", { ...request, options: { reconnectGrace: 4 } }],
    ["a 3601-second grace", { ...request, options: { reconnectGrace: 3601 } }],
    ["a string reveal flag", { ...request, options: { progressiveReveal: "yes" } }],
    ["an array body", [request]],
  ])("refuses %s", (_what, body) => {
    expect(CreateMatchRequest.safeParse(body).success).toBe(false);
  });
});

describe("ListMatchesQuery", () => {
  it("defaults the limit to 50 and coerces it from text", () => {
    expect(ListMatchesQuery.parse({})).toEqual({ limit: 50 });
    expect(ListMatchesQuery.parse({ limit: "200", status: "live", ruleset: "ember", player: " ada " })).toEqual({ limit: 200, status: "live", ruleset: "ember", player: "ada" });
  });

  it("ignores unknown query keys", () => {
    expect(ListMatchesQuery.parse({ page: "2" })).toEqual({ limit: 50 });
  });

  it.each([
    ["limit 0", { limit: "0" }],
    ["limit 201", { limit: "201" }],
    ["a fractional limit", { limit: "2.5" }],
    ["a text limit", { limit: "many" }],
    ["an empty limit", { limit: "" }],
    ["a repeated limit", { limit: ["10", "20"] }],
    ["status open", { status: "open" }],
    ["an unknown status", { status: "paused" }],
    ["a repeated status", { status: ["live", "finished"] }],
    ["an empty player", { player: "" }],
    ["a 41-character player", { player: "x".repeat(41) }],
    ["an empty ruleset", { ruleset: "" }],
  ])("refuses %s", (_what, query) => {
    expect(ListMatchesQuery.safeParse(query).success).toBe(false);
  });
});

const summary = {
  matchId: "k7m2q9x4w8ab",
  ruleset: "ember",
  scenario: "crossroads",
  status: "live",
  seats: [
    { seat: "p1", name: "Ada", connected: true },
    { seat: "p2", name: "Bo", connected: false },
  ],
  createdAt: "2026-11-23T08:00:00.000Z",
  finishedAt: null,
  result: null,
};

describe("MatchSummary", () => {
  it("accepts live and finished matches", () => {
    expect(MatchSummary.safeParse(summary).success).toBe(true);
    const finished = {
      ...summary,
      status: "finished",
      seats: summary.seats.map(({ seat, name }) => ({ seat, name })),
      finishedAt: "2026-11-23T09:12:30.500Z",
      result: { winner: null, reason: "round limit" },
    };
    expect(MatchSummary.safeParse(finished).success).toBe(true);
    expect(ListMatchesResponse.safeParse({ matches: [summary, finished] }).success).toBe(true);
  });

  it("knows three statuses", () => {
    expect(MatchStatus.options).toEqual(["live", "finished", "abandoned"]);
  });

  it.each([
    ["an unknown status", { ...summary, status: "open" }],
    ["a non-ISO createdAt", { ...summary, createdAt: "yesterday" }],
    ["a missing finishedAt", { ...summary, finishedAt: undefined }],
    ["a result without reason", { ...summary, result: { winner: "p1" } }],
    ["a seat without name", { ...summary, seats: [{ seat: "p1" }] }],
  ])("refuses %s", (_what, sample) => {
    expect(MatchSummary.safeParse(sample).success).toBe(false);
  });
});

describe("CreateMatchResponse", () => {
  const response = {
    matchId: "k7m2q9x4w8ab",
    roomId: "k7m2q9x4w8ab",
    seats: [
      { seat: "p1", name: "Ada", claimed: true, token: "0123456789abcdef0123456789abcdef" },
      { seat: "p2", name: "Bo", claimed: false, invite: "abcdef0123456789abcdef0123456789", inviteUrl: "http://localhost:2567/play/k7m2q9x4w8ab#seat=p2&invite=abcdef0123456789abcdef0123456789" },
    ],
    spectatorUrl: "http://localhost:2567/watch/k7m2q9x4w8ab",
    hostToken: "9d1e5b7a3c2f4e6d8b0a1c3e5f7d9b2a",
    hostUrl: "http://localhost:2567/host/k7m2q9x4w8ab#token=9d1e5b7a3c2f4e6d8b0a1c3e5f7d9b2a",
  };

  it("accepts the server's answer", () => {
    expect(CreateMatchResponse.safeParse(response).success).toBe(true);
  });

  it("accepts players without army (EMBER's muster: each player brings their own list)", () => {
    expect(CreateMatchRequest.safeParse({ ruleset: "ember", scenario: "crossroads", players: [{ name: "Ada" }, { name: "Bo" }] }).success).toBe(true);
  });

  it("refuses a malformed host token or a missing host url", () => {
    expect(CreateMatchResponse.safeParse({ ...response, hostToken: "abc" }).success).toBe(false);
    expect(CreateMatchResponse.safeParse({ ...response, hostUrl: undefined }).success).toBe(false);
  });

  it("refuses a malformed token or invite, a seat without `claimed`, or a missing url", () => {
    expect(CreateMatchResponse.safeParse({ ...response, seats: [{ ...response.seats[0], token: "abc" }] }).success).toBe(false);
    expect(CreateMatchResponse.safeParse({ ...response, seats: [{ ...response.seats[1], invite: "abc" }] }).success).toBe(false);
    expect(CreateMatchResponse.safeParse({ ...response, seats: [{ ...response.seats[1], claimed: undefined }] }).success).toBe(false);
    expect(CreateMatchResponse.safeParse({ ...response, spectatorUrl: undefined }).success).toBe(false);
  });
});

describe("ClaimSeatRequest", () => {
  it("takes an invite code and a claim key of at least 22 characters, nothing else", () => {
    const invite = "abcdef0123456789abcdef0123456789";
    expect(ClaimSeatRequest.safeParse({ invite, claimKey: "q".repeat(22) }).success).toBe(true);
    expect(ClaimSeatRequest.safeParse({ invite, claimKey: "q".repeat(21) }).success).toBe(false);
    expect(ClaimSeatRequest.safeParse({ invite, claimKey: "q q".repeat(10) }).success).toBe(false);
    expect(ClaimSeatRequest.safeParse({ invite: "abc", claimKey: "q".repeat(22) }).success).toBe(false);
    expect(ClaimSeatRequest.safeParse({ invite, claimKey: "q".repeat(22), seat: "p1" }).success).toBe(false);
  });
});

describe("ApiErrorBody", () => {
  it("accepts errors with and without details", () => {
    expect(ApiErrorBody.safeParse({ error: { code: "not_found", message: "There is no such match." } }).success).toBe(true);
    expect(ApiErrorBody.safeParse({ error: { code: "bad_request", message: "The match request is malformed.", details: [{ path: "players", message: "Too small" }] } }).success).toBe(true);
  });

  it("refuses bodies without code or message", () => {
    expect(ApiErrorBody.safeParse({ error: { message: "x" } }).success).toBe(false);
    expect(ApiErrorBody.safeParse({ error: { code: "x" } }).success).toBe(false);
    expect(ApiErrorBody.safeParse({ code: "x", message: "y" }).success).toBe(false);
  });
});
