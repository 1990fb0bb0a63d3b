/**
 * Challenges to a named player and rematches (docs/protocol.md "Challenges and rematches"),
 * mounted at /api/challenges (`challengeRoutes`) and /api/matches (`rematchRoutes`):
 * - `POST /api/challenges` `{ to, settings }` -> 201 `{ challengeId }`;
 * - `GET /api/challenges` -> `{ incoming, outgoing }` (open ones);
 * - `POST /api/challenges/:id/accept` (the challenged) -> 201 `{ matchId }`, both seats paired to the accounts;
 * - `POST /api/challenges/:id/decline` (the challenged), `DELETE /api/challenges/:id` (the challenger) -> 204;
 * - `POST /api/matches/:id/rematch` -> `{ challengeId }`: the same settings, sides swapped.
 * A player who does not exist, is deleted, blocks or is blocked is refused alike (`player_unavailable`).
 * Accept, decline and withdraw race through one conditional update: exactly one wins.
 */
import { randomBytes } from "node:crypto";
import { ChallengeSettings, CreateChallengeRequest, CreateMatchOptions, MatchPathParams, MAX_OPEN_CHALLENGES, type ChallengeSeat, type ChallengesResponse, type ChallengeView } from "@fogwar/protocol";
import express, { type Router } from "express";
import { parseBody } from "../accounts/routes.js";
import { requireAccount } from "../accounts/session.js";
import { ApiError } from "../api-error.js";
import { createMatch, type CreateServices } from "../create.js";
import { RULESETS } from "../hosts/index.js";
import type { AccountRecord, ChallengeRecord, MatchStore } from "../store/index.js";
import { planMatch, type StoredSettings } from "./plan.js";
import { timeNow } from "../live.js";
import { owePlayerJoined } from "../notify/joined.js";
import { oweChallenge } from "../notify/owe.js";
import { notifyOwed } from "../notify/wake.js";

/** A challenge id: 1 to 64 letters, digits, `_` or `-`. */
const CHALLENGE_ID = /^[A-Za-z0-9_-]{1,64}$/;

const unavailable = (): ApiError => new ApiError(404, "player_unavailable", "That player cannot be challenged.");

/** A challenge as `viewer` sees it. */
function viewOf(challenge: ChallengeRecord, viewer: string): ChallengeView {
  return {
    challengeId: challenge.id,
    player: challenge.fromAccount === viewer ? challenge.toName : challenge.fromName,
    settings: challenge.settings as StoredSettings,
    rematchOf: challenge.rematchOf,
    createdAt: new Date(challenge.createdAt).toISOString(),
  };
}

/** An account that may play `other`: it exists, is not deleted and neither blocks the other. */
async function reachable(store: MatchStore, other: AccountRecord | null, me: AccountRecord): Promise<AccountRecord> {
  if (!other || other.kind === "deleted" || other.id === me.id) throw unavailable();
  if (await store.social.blockedEither(me.id, other.id)) throw unavailable();
  return other;
}

/**
 * Stores a challenge (or answers the open rematch of the same match).
 * @throws ApiError 429 `too_many_challenges` over MAX_OPEN_CHALLENGES open ones.
 */
async function offer(store: MatchStore, from: AccountRecord, to: AccountRecord, settings: StoredSettings, rematchOf?: string): Promise<{ id: string; created: boolean }> {
  const id = randomBytes(12).toString("base64url");
  // The challenged player's `challenge_received` is owed in the challenge's own transaction (../notify).
  const owed = oweChallenge({ id, toAccount: to.id, fromName: from.name, ruleset: settings.ruleset }, timeNow());
  const outcome = await store.social.createChallenge({ id, fromAccount: from.id, toAccount: to.id, settings, ...(rematchOf ? { rematchOf } : {}) }, MAX_OPEN_CHALLENGES, [owed]);
  if (outcome.outcome === "too_many") throw new ApiError(429, "too_many_challenges", `At most ${MAX_OPEN_CHALLENGES} challenges may wait for an answer at once.`);
  if (outcome.outcome === "created") notifyOwed();
  return outcome.outcome === "existing" ? { id: outcome.id, created: false } : { id, created: true };
}

/** The challenge named by the path, as one of its two players sees it. @throws ApiError 404 otherwise. */
async function challengeOf(store: MatchStore, id: string | undefined, me: AccountRecord): Promise<ChallengeRecord> {
  const challenge = id !== undefined && CHALLENGE_ID.test(id) ? await store.social.challengeById(id) : null;
  if (!challenge || (challenge.fromAccount !== me.id && challenge.toAccount !== me.id)) throw new ApiError(404, "not_found", "There is no such challenge.");
  return challenge;
}

const closed = (): ApiError => new ApiError(409, "challenge_closed", "This challenge was already accepted, declined or withdrawn.");

/** The challenge routes, mounted at /api/challenges. */
export function challengeRoutes(services: CreateServices): Router {
  const store = services.store;
  const router = express.Router();
  router.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });

  router.post("/", async (req, res) => {
    const me = await requireAccount(req, store.accounts);
    const body = parseBody(CreateChallengeRequest, req.body, "challenge");
    const to = await reachable(store, await store.accounts.accountByName(body.to), me);
    planMatch(body.settings, me, to);
    const { id } = await offer(store, me, to, body.settings);
    res.status(201).json({ challengeId: id });
  });

  router.get("/", async (req, res) => {
    const me = await requireAccount(req, store.accounts);
    const open = await store.social.openChallengesOf(me.id);
    const answer: ChallengesResponse = { incoming: open.incoming.map((c) => viewOf(c, me.id)), outgoing: open.outgoing.map((c) => viewOf(c, me.id)) };
    res.json(answer);
  });

  router.post("/:id/accept", async (req, res) => {
    const me = await requireAccount(req, store.accounts);
    const challenge = await challengeOf(store, req.params.id, me);
    if (challenge.toAccount !== me.id) throw new ApiError(403, "not_your_challenge", "Only the challenged player answers a challenge.");
    if (challenge.status !== "open") throw closed();
    const from = await store.accounts.accountById(challenge.fromAccount);
    if (!from || from.kind === "deleted" || (await store.social.blockedEither(from.id, me.id))) {
      await store.social.closeChallenge(challenge.id, "withdrawn");
      throw unavailable();
    }
    const plan = planMatch(challenge.settings as StoredSettings, from, me);
    if (!(await store.social.closeChallenge(challenge.id, "accepted"))) throw closed();
    let matchId: string;
    try {
      matchId = (await createMatch(services, plan.request, undefined, "", null, plan.paired)).body.matchId;
    } catch (error) {
      await store.social.reopenChallenge(challenge.id);
      throw error;
    }
    await store.social.setChallengeMatch(challenge.id, matchId);
    services.log.info({ matchId }, "challenge accepted");
    // The challenger is told its challenge was taken up (./notify/joined.ts).
    const mine = Object.entries(plan.paired).find(([, account]) => account.id === me.id)?.[0];
    if (mine) await owePlayerJoined(store, matchId, mine, 0, (error) => services.log.warn({ err: error, matchId }, "could not owe opponent_joined"));
    res.status(201).json({ matchId });
  });

  router.post("/:id/decline", async (req, res) => {
    const me = await requireAccount(req, store.accounts);
    const challenge = await challengeOf(store, req.params.id, me);
    if (challenge.toAccount !== me.id) throw new ApiError(403, "not_your_challenge", "Only the challenged player answers a challenge.");
    if (!(await store.social.closeChallenge(challenge.id, "declined"))) throw closed();
    res.status(204).end();
  });

  router.delete("/:id", async (req, res) => {
    const me = await requireAccount(req, store.accounts);
    const challenge = await challengeOf(store, req.params.id, me);
    if (challenge.fromAccount !== me.id) throw new ApiError(403, "not_your_challenge", "Only the challenger withdraws a challenge.");
    if (!(await store.social.closeChallenge(challenge.id, "withdrawn"))) throw closed();
    res.status(204).end();
  });

  return router;
}

/** The options of a stored match that a rematch keeps (bots and anything else left out). */
function rematchOptions(stored: unknown): CreateMatchOptions | undefined {
  const o = (stored ?? {}) as Record<string, unknown>;
  const kept = Object.fromEntries(["progressiveReveal", "spectatorDelay", "reconnectGrace", "clock", "claimDelay", "rated", "correspondence"].filter((k) => o[k] !== undefined).map((k) => [k, o[k]]));
  const parsed = CreateMatchOptions.safeParse(kept);
  return parsed.success && Object.keys(parsed.data).length > 0 ? parsed.data : undefined;
}

/** The rematch route, mounted at /api/matches. */
export function rematchRoutes(services: CreateServices): Router {
  const store = services.store;
  const router = express.Router();
  router.post("/:id/rematch", async (req, res) => {
    const me = await requireAccount(req, store.accounts);
    const params = MatchPathParams.safeParse(req.params);
    if (!params.success) throw new ApiError(400, "bad_request", "The match id is malformed.");
    const record = await store.getMatch(params.data.id);
    if (!record) throw new ApiError(404, "not_found", "There is no such match.");
    const owners = await store.social.seatAccounts(record.id);
    const mine = owners.find((o) => o.accountId === me.id);
    if (!mine) throw new ApiError(404, "not_found", "You hold no seat in this match.");
    const theirs = owners.find((o) => o.accountId !== me.id);
    if (record.status !== "finished" || record.seats.length !== 2 || owners.length !== 2 || !theirs) {
      throw new ApiError(409, "no_rematch", "A rematch follows a finished match of two players who both have accounts.");
    }
    const other = await reachable(store, await store.accounts.accountById(theirs.accountId), me);
    const teams = RULESETS.get(record.ruleset)?.teamsOf?.(record.setup);
    // Sides swapped: the seat I held goes to the other player (`to`), theirs to me (`from`).
    const seats: ChallengeSeat[] = record.seats.map((s) => ({ seat: s.seat, player: s.seat === mine.seat ? "to" : "from", ...(teams?.[s.seat] ? { team: teams[s.seat] } : {}) }));
    const options = rematchOptions(record.options);
    const base = ChallengeSettings.safeParse({ ruleset: record.ruleset, scenario: record.scenario, ...(options ? { options } : {}) });
    if (!base.success) throw new ApiError(409, "no_rematch", "This match's settings cannot be played again.");
    const settings: StoredSettings = { ...base.data, seats };
    planMatch(settings, me, other);
    const { id, created } = await offer(store, me, other, settings, record.id);
    res.status(created ? 201 : 200).json({ challengeId: id });
  });
  return router;
}
