/**
 * A seat's credential is usable by its player alone (docs/operating.md "Who holds what", docs/protocol.md
 * "Invites and seat tokens"), over the real HTTP server and WebSocket clients: a creation answers
 * invites, not seat tokens; an invite is claimed once (a retry with the same claim key gets the
 * same token, anyone else `invite_claimed`); the host sees no seat token, re-issues a seat with
 * the whole table told and the old token dead, and cannot re-issue a bot's seat; a replayed
 * creation answers no credential that was claimed or re-issued since, and nothing to a stranger.
 * (Failed reconnections and wrong host tokens as failed joins: ./limits.e2e.test.ts.)
 */
import "./record-frames";
import { Client } from "@colyseus/sdk";
import { catalog } from "@fogwar/ember";
import { CLOSE_CODES, CREATOR_KEY_HEADER, HOST_TOKEN_HEADER, PROTOCOL_VERSION, protocolErrorNumber } from "@fogwar/protocol";
import { bootServer, claimSeat, createMatch, emberRequest, newClaimKey, TestClient, type TestServer } from "./harness";
import { emberBotRequest } from "./bot-play";
import { hashToken } from "../src/room";

jest.setTimeout(60_000);

let t: TestServer;
beforeAll(async () => {
  t = await bootServer();
});
afterAll(async () => {
  await t?.close();
});

const request = (mark: string) => {
  const r = emberRequest(catalog);
  return { ...r, players: [{ ...r.players[0]!, name: mark }, r.players[1]!] };
};

/** `POST /api/matches`, optionally with an Idempotency-Key and a creator key. */
async function post(body: unknown, key?: string, creator?: string): Promise<{ status: number; body: any; replayed: string | null }> {
  const response = await fetch(`${t.http}/api/matches`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(key !== undefined ? { "idempotency-key": key } : {}), ...(creator !== undefined ? { [CREATOR_KEY_HEADER]: creator } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json(), replayed: response.headers.get("idempotent-replayed") };
}

async function host(base: string, matchId: string, token: string, method = "GET", path = "/host", headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  const response = await fetch(`${base}/api/matches/${matchId}${path}`, { method, headers: { [HOST_TOKEN_HEADER]: token, ...headers } });
  return { status: response.status, body: await response.json() };
}

/** Every 32-hex credential anywhere in a value (tokens, invite codes). */
const hexes = (value: unknown): string[] => JSON.stringify(value).match(/[0-9a-f]{32}/g) ?? [];

test("a creation answers an invite per seat, not a token: the invite opens no seat until claimed, and the host answer carries no seat token", async () => {
  const created = await post(request("Cred-A"));
  expect(created.status).toBe(201);
  const [p1, p2] = created.body.seats;
  expect(p1).toEqual({ seat: "p1", name: "Cred-A", claimed: false, invite: expect.stringMatching(/^[0-9a-f]{32}$/), inviteUrl: `http://fogwar.test/play/${created.body.matchId}#seat=p1&invite=${p1.invite}` });
  expect(p1.token).toBeUndefined();
  // An invite code is not a seat token.
  await expect(new Client(t.ws).joinById(created.body.matchId, { role: "player", protocol: PROTOCOL_VERSION, token: p1.invite })).rejects.toMatchObject({ code: protocolErrorNumber("invalid_token") });
  const claimed = await claimSeat(t.http, created.body.matchId, "p1", p1.invite);
  expect(claimed.status).toBe(200);
  expect(claimed.body).toEqual({ matchId: created.body.matchId, seat: "p1", token: expect.stringMatching(/^[0-9a-f]{32}$/) });
  const player = await TestClient.join(t.ws, created.body.matchId, { seat: "p1", token: claimed.body.token });
  const listed = await host(t.http, created.body.matchId, created.body.hostToken);
  expect(listed.status).toBe(200);
  expect(listed.body.seats).toEqual([
    { seat: "p1", name: "Cred-A", connected: true, claimed: true, joined: true, locked: null },
    { seat: "p2", name: "Bo", inviteUrl: p2.inviteUrl, connected: false, claimed: false, joined: false, locked: null },
  ]);
  expect(hexes(listed.body)).toEqual([p2.invite]);
  await player.leave();
});

test("a claimed invite cannot be claimed again: another claim key gets invite_claimed and changes nothing; the same key (a lost answer) gets the same token", async () => {
  const created = await post(request("Cred-B"));
  const { matchId } = created.body;
  const invite = created.body.seats[1].invite;
  const key = newClaimKey();
  const first = await claimSeat(t.http, matchId, "p2", invite, key);
  expect(first.status).toBe(200);
  const again = await claimSeat(t.http, matchId, "p2", invite, key);
  expect(again).toEqual(first);
  const other = await claimSeat(t.http, matchId, "p2", invite);
  expect([other.status, other.body]).toEqual([409, { error: { code: "invite_claimed", message: expect.any(String) } }]);
  expect(JSON.stringify(other.body)).not.toContain(first.body.token);
  const wrong = await claimSeat(t.http, matchId, "p2", "0".repeat(32));
  expect([wrong.status, wrong.body.error.code]).toEqual([403, "invalid_invite"]);
  expect((await claimSeat(t.http, matchId, "p9", invite)).body.error.code).toBe("unknown_seat");
  expect((await claimSeat(t.http, matchId, "p2", invite, "short")).status).toBe(400);
  // The first claimer's token still opens the seat.
  const player = await TestClient.join(t.ws, matchId, { seat: "p2", token: first.body.token });
  expect(player.received("welcome")[0]).toMatchObject({ seat: "p2" });
  await player.leave();
});

test("a re-issue: every seat is told (seat_reissued), the old holder is closed with 4101 and its token opens nothing; the new invite is claimed by its new player", async () => {
  const created = await createMatch(t.http, request("Cred-C"));
  const [s1, s2] = created.seats;
  const old = await TestClient.join(t.ws, created.matchId, s1!);
  const other = await TestClient.join(t.ws, created.matchId, s2!);
  const reissued = await host(t.http, created.matchId, created.hostToken, "POST", "/host/seats/p1/reissue");
  expect(reissued.status).toBe(200);
  const seat = reissued.body.seat;
  expect(seat).toMatchObject({ seat: "p1", claimed: false, inviteUrl: expect.stringMatching(new RegExp(`^http://fogwar.test/play/${created.matchId}#seat=p1&invite=[0-9a-f]{32}$`)) });
  expect(seat.token).toBeUndefined();
  expect(seat.inviteUrl).not.toContain(s1!.invite);
  const notice = { type: "notice", notice: { kind: "seat_reissued", seat: "p1", at: expect.any(Number) } };
  await other.until(() => other.received("notice").length > 0, "the notice at the other seat");
  expect(other.received("notice")).toEqual([notice]);
  await old.until(() => old.hasLeft, "the old connection closed");
  expect(old.received("notice")).toEqual([notice]);
  expect((old as any).leftWith).toBe(CLOSE_CODES.revoked);
  await expect(TestClient.join(t.ws, created.matchId, s1!)).rejects.toMatchObject({ code: protocolErrorNumber("invalid_token") });
  // The old invite is dead too; the new one is claimed once.
  expect((await claimSeat(t.http, created.matchId, "p1", s1!.invite)).body.error.code).toBe("invalid_invite");
  const invite = new URLSearchParams(seat.inviteUrl.split("#")[1]).get("invite")!;
  const claimed = await claimSeat(t.http, created.matchId, "p1", invite);
  expect(claimed.status).toBe(200);
  const fresh = await TestClient.join(t.ws, created.matchId, { seat: "p1", token: claimed.body.token });
  // A later joiner is told of the earlier re-issue after its welcome.
  expect(fresh.received("notice")).toEqual([notice]);
  await fresh.leave();
  await other.leave();
});

test("the host cannot re-issue (nor anyone claim) a seat the server's bot plays: bot_seat, nothing changed", async () => {
  const created = await createMatch(t.http, emberBotRequest());
  expect(created.botSeats).toEqual([{ seat: "p2", name: "Bot", bot: "easy" }]);
  const refused = await host(t.http, created.matchId, created.hostToken, "POST", "/host/seats/p2/reissue");
  expect([refused.status, refused.body.error.code]).toEqual([409, "bot_seat"]);
  const listed = await host(t.http, created.matchId, created.hostToken);
  expect(listed.body.seats[1]).toMatchObject({ seat: "p2", bot: "easy", claimed: true });
  expect(listed.body.seats[1].inviteUrl).toBeUndefined();
  expect((await claimSeat(t.http, created.matchId, "p2", "0".repeat(32))).body.error.code).toBe("bot_seat");
  // The bot still holds its seat: it is connected (its worker may take a while to start on a busy machine).
  const human = await TestClient.join(t.ws, created.matchId, created.seats[0]!);
  await human.until(() => (human.room.state as any)?.connected?.get?.("p2"), "the bot on its seat", 30_000);
  await human.leave();
});

test("an Idempotency-Key replay answers no credential claimed or re-issued since; the creator's own claimed seat comes back only while its claim holds", async () => {
  const creator = newClaimKey();
  const claimKey = newClaimKey();
  const body = { ...request("Cred-D"), claim: { seat: "p1", claimKey } };
  const first = await post(body, "cred-key-d", creator);
  expect(first.status).toBe(201);
  const [p1, p2] = first.body.seats;
  expect(p1).toEqual({ seat: "p1", name: "Cred-D", claimed: true, token: expect.stringMatching(/^[0-9a-f]{32}$/) });
  expect(p2.claimed).toBe(false);
  // The lost answer: the same requester gets the same match, its own token and the open invite.
  const replay = await post(body, "cred-key-d", creator);
  expect(replay.replayed).toBe("true");
  expect(replay.body).toEqual(first.body);
  // p2 claims its invite: a replay no longer carries it.
  const claimed = await claimSeat(t.http, first.body.matchId, "p2", p2.invite);
  const afterClaim = await post(body, "cred-key-d", creator);
  expect(afterClaim.body.seats[1]).toEqual({ seat: "p2", name: "Bo", claimed: true });
  expect(hexes(afterClaim.body)).not.toContain(claimed.body.token);
  expect(hexes(afterClaim.body)).not.toContain(p2.invite);
  // The host re-issues p1: the creator's old token is dead and does not come back.
  await host(t.http, first.body.matchId, first.body.hostToken, "POST", "/host/seats/p1/reissue");
  const afterReissue = await post(body, "cred-key-d", creator);
  expect(afterReissue.body.seats[0]).toMatchObject({ seat: "p1", claimed: false, invite: expect.any(String) });
  expect(afterReissue.body.seats[0].token).toBeUndefined();
  expect(hexes(afterReissue.body)).not.toContain(p1.token);
});

test("a stranger who knows the key and the body gets a match of its own, and never a 409: nothing of the first match", async () => {
  const creator = newClaimKey();
  const body = request("Cred-E");
  const first = await post(body, "cred-key-e", creator);
  const stranger = await post(body, "cred-key-e", newClaimKey());
  expect(stranger.status).toBe(201);
  expect(stranger.replayed).toBeNull();
  expect(stranger.body.matchId).not.toBe(first.body.matchId);
  for (const secret of hexes(first.body)) expect(JSON.stringify(stranger.body)).not.toContain(secret);
  // Without a creator key at all (and no cookie): not the first match either.
  const bare = await post(body, "cred-key-e");
  expect(bare.body.matchId).not.toBe(first.body.matchId);
  // Another body under the same key: a 409 for the requester itself only.
  const strangerOther = await post(request("Cred-E2"), "cred-key-e", newClaimKey());
  expect(strangerOther.status).toBe(201);
  const own = await post(request("Cred-E2"), "cred-key-e", creator);
  expect([own.status, own.body.error.code]).toEqual([409, "idempotency_conflict"]);
});

test("a browser without a creator key is given a creator cookie, which scopes its keys", async () => {
  const body = request("Cred-F");
  const response = await fetch(`${t.http}/api/matches`, { method: "POST", headers: { "content-type": "application/json", "idempotency-key": "cred-key-f" }, body: JSON.stringify(body) });
  const cookie = response.headers.get("set-cookie") ?? "";
  expect(cookie).toMatch(/^fogwar_creator=[A-Za-z0-9_-]{22,}; Max-Age=86400; Path=\/api\/matches; HttpOnly; SameSite=Strict/);
  const first = (await response.json()) as any;
  const again = await fetch(`${t.http}/api/matches`, { method: "POST", headers: { "content-type": "application/json", "idempotency-key": "cred-key-f", cookie: cookie.split(";")[0]! }, body: JSON.stringify(body) });
  expect(again.headers.get("idempotent-replayed")).toBe("true");
  expect(((await again.json()) as any).matchId).toBe(first.matchId);
});

test("an attacker who keeps every byte: the creator, host and player of p1 hoards every answer and frame it ever gets, and nothing in the hoard opens p2 once p2's player has claimed it", async () => {
  const creator = newClaimKey();
  const ownKey = newClaimKey();
  const body = { ...request("Cred-G"), claim: { seat: "p1", claimKey: ownKey } };
  const hoard: unknown[] = [];
  const first = await post(body, "cred-key-g", creator);
  hoard.push(first.body);
  const { matchId, hostToken } = first.body;
  hoard.push((await host(t.http, matchId, hostToken)).body);
  // The opponent claims p2 with a claim key of its own, as the web client does, and plays.
  const theirKey = newClaimKey();
  const theirs = await claimSeat(t.http, matchId, "p2", first.body.seats[1].invite, theirKey);
  expect(theirs.status).toBe(200);
  const opponent = await TestClient.join(t.ws, matchId, { seat: "p2", token: theirs.body.token });
  // Everything the attacker can still ask for, with everything it holds.
  const own = await TestClient.join(t.ws, matchId, { seat: "p1", token: first.body.seats[0].token });
  const chat = await fetch(`${t.http}/api/matches/${matchId}/chat`, { headers: { "x-seat-token": first.body.seats[0].token } });
  hoard.push(await chat.json());
  hoard.push((await host(t.http, matchId, hostToken)).body, (await post(body, "cred-key-g", creator)).body);
  hoard.push(await (await fetch(`${t.http}/api/matches/${matchId}/history`)).json(), await (await fetch(`${t.http}/api/matches/${matchId}`)).json());
  hoard.push(own.messages, own.projection(), own.frames().map((f) => f.toString("latin1")));
  const text = JSON.stringify(hoard);
  // Neither p2's token nor the claim key that derives it is anywhere in the hoard.
  expect(text).not.toContain(theirs.body.token);
  expect(text).not.toContain(theirKey);
  // No string of the hoard opens a seat other than p1 (checked against the store, so no guess counts against the address).
  const candidates = new Set(text.match(/[0-9a-f]{32}/g) ?? []);
  expect(candidates.size).toBeGreaterThan(2);
  const opened = new Set<string>();
  for (const c of candidates) {
    const seat = await t.server.store.seatForToken(matchId, hashToken(c));
    if (seat !== null) opened.add(seat);
  }
  expect([...opened]).toEqual(["p1"]);
  // The invite the attacker still holds claims nothing: the seat is taken.
  const grab = await claimSeat(t.http, matchId, "p2", first.body.seats[1].invite, ownKey);
  expect([grab.status, grab.body.error?.code]).toEqual([409, "invite_claimed"]);
  expect(JSON.stringify(grab.body)).not.toContain(theirs.body.token);
  await own.leave();
  await opponent.leave();
});
