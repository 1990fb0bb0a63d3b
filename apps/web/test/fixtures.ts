/** Test fixtures: a fake fetch over the lobby API, with the sample data of @fogwar/ember. */
import { catalog } from "@fogwar/ember";

/** The host token of the fake created match. */
export const HOST_TOKEN = "9d1e5b7a3c2f4e6d8b0a1c3e5f7d9b2a";
/** The invite codes the fake server answers for seats 1 to 4. */
export const INVITES = ["3f9c2a7e5b1d4c8f9a0e6b2d7c4f1a83", "c0ffee00112233445566778899aabbcc", "0123456789abcdef0123456789abcdef", "fedcba9876543210fedcba9876543210"];

export const rulesetsBody = {
  rulesets: [
    {
      id: "ember",
      rulesVersion: "ember-0.1.0",
      scenarios: [...catalog.scenarios.values()].map((s) => ({ id: s.id, name: s.name, battleSize: s.battleSize, rounds: s.mission.rounds, sides: s.deployment.red && s.deployment.blue ? 4 : 2 })),
      sampleArmies: catalog.data.armies,
    },
  ],
};

export const liveMatch = {
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

export const finishedMatch = {
  matchId: "t3vq8n2hc6pe",
  ruleset: "ember",
  scenario: "foundry",
  status: "finished",
  seats: [
    { seat: "p1", name: "Cy" },
    { seat: "p2", name: "Ada" },
  ],
  createdAt: "2026-11-22T19:30:00.000Z",
  finishedAt: "2026-11-22T20:41:12.345Z",
  result: { winner: "p2", reason: "score" },
};

export interface Call {
  url: string;
  method: string;
  body: unknown;
}

type Route = (call: Call) => { status: number; body: unknown } | undefined;

/** A fetch that answers the lobby API; `override` may answer first. Records every call. */
export function fakeFetch(override?: Route) {
  const calls: Call[] = [];
  const fetchImpl = async (input: string, init?: RequestInit): Promise<Response> => {
    const call: Call = { url: input, method: init?.method ?? "GET", body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const answer = override?.(call) ?? defaultRoute(call);
    return {
      ok: answer.status >= 200 && answer.status < 300,
      status: answer.status,
      json: async () => answer.body,
    } as Response;
  };
  return { fetchImpl, calls };
}

function defaultRoute(call: Call): { status: number; body: unknown } {
  const path = call.url.replace(/^.*\/api/, "");
  if (path === "/rulesets") return { status: 200, body: rulesetsBody };
  if (call.method === "POST" && path === "/matches") {
    const id = "n3wm4tch9xyz";
    return {
      status: 201,
      body: {
        matchId: id,
        roomId: id,
        seats: (call.body as { players: { name: string; team?: string }[] }).players.map((p, i) => ({
          seat: `p${i + 1}`,
          name: p.name,
          ...(p.team ? { team: p.team } : {}),
          claimed: false,
          invite: INVITES[i],
          inviteUrl: `http://fogwar.test/play/${id}#seat=p${i + 1}&invite=${INVITES[i]}`,
        })),
        spectatorUrl: `http://fogwar.test/watch/${id}`,
        hostToken: HOST_TOKEN,
        hostUrl: `http://fogwar.test/host/${id}#token=${HOST_TOKEN}`,
      },
    };
  }
  if (path.startsWith("/matches?")) {
    const status = new URLSearchParams(path.split("?")[1]).get("status");
    return { status: 200, body: { matches: status === "live" ? [liveMatch] : status === "finished" ? [finishedMatch] : [liveMatch, finishedMatch] } };
  }
  return { status: 404, body: { error: { code: "not_found", message: "There is no such API endpoint." } } };
}
