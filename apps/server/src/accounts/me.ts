/**
 * The signed-in player's own routes, mounted at /api/me, and public profiles at /api/players
 * (docs/protocol.md "Accounts"):
 * - `GET /api/me`: the account (signed out: `account: null`);
 * - `PATCH /api/me`: a new public name; `DELETE /api/me`: delete the account (its finished
 *   matches stay reviewable under an anonymous name);
 * - `GET /api/me/matches`: my games, live first (waiting for me first of all), then finished;
 * - `GET /api/me/seats/:id`: the tokens of my seats in a live match, to open it on this device;
 * - `GET /api/players/:name`: a profile (games per ruleset, ratings per ruleset and format, recent
 *   finished matches with a rated match's rating change). Never an e-mail.
 */
import { randomBytes } from "node:crypto";
import { AccountChangeRequest, DeleteAccountRequest, MatchPathParams, type MyMatch, type MyMatchesResponse, type MySeatsResponse, type ProfileResponse, type RatingFormat } from "@fogwar/protocol";
import express, { type Router } from "express";
import { ApiError } from "../api-error.js";
import { awaitingOf, type MatchTurn } from "../awaiting.js";
import { claimedToken } from "../invites.js";
import type { Mailer } from "../mail/index.js";
import type { AccountSeat, AccountStore, MatchStore } from "../store/index.js";
import { meOf, parseBody, takenError } from "./routes.js";
import { accountClaimKey } from "./seats.js";
import { endSession, requireAccount, sessionOf } from "./session.js";

/** What the account routes need. */
export interface MeServices {
  readonly store: MatchStore;
  readonly publicUrl: string;
  readonly mailer: Mailer;
}

/** Groups an account's seats by match (an account may hold several seats of one match). */
function byMatch(seats: readonly AccountSeat[]): AccountSeat[][] {
  const groups = new Map<string, AccountSeat[]>();
  for (const seat of seats) groups.set(seat.matchId, [...(groups.get(seat.matchId) ?? []), seat]);
  return [...groups.values()];
}

/** My clocks in a live match with clocks: the time left (ms) at `clockAt` and whether each runs. */
function clocksOf(turn: MatchTurn | undefined, mySeats: readonly string[]): Pick<MyMatch, "clocks" | "clockAt" | "correspondence"> {
  if (!turn?.clocks || turn.at === undefined) return {};
  const mine = turn.clocks.filter((c) => c.seats.some((seat) => mySeats.includes(seat)));
  if (mine.length === 0) return {};
  const terms = turn.correspondence;
  const correspondence = terms ? { correspondence: { daysPerMove: terms.daysPerMove, vacationDays: terms.vacationDays, moveMs: mine.map((c) => c.activationMs ?? 0) } } : {};
  return { clockAt: turn.at, clocks: mine.map((c) => ({ remainingMs: c.remainingMs, running: c.running })), ...correspondence };
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** The account routes, mounted at /api/me. */
export function meRoutes(services: MeServices): Router {
  const accounts: AccountStore = services.store.accounts;
  const router = express.Router();
  router.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });

  router.get("/", async (req, res) => {
    res.json(await meOf(accounts, await sessionOf(req, accounts), services.mailer));
  });

  router.patch("/", async (req, res) => {
    const account = await requireAccount(req, accounts);
    const body = parseBody(AccountChangeRequest, req.body, "change");
    await accounts.updateAccount(account.id, { name: body.name }).catch((error: unknown) => {
      throw takenError(error);
    });
    res.json(await meOf(accounts, await accounts.accountById(account.id), services.mailer));
  });

  router.delete("/", async (req, res) => {
    const account = await requireAccount(req, accounts);
    const body = parseBody(DeleteAccountRequest, req.body, "confirmation");
    if (body.confirmName.trim().toLowerCase() !== account.name.toLowerCase()) throw new ApiError(400, "bad_request", "Type the account's name to confirm.");
    await endSession(req, res, accounts, services.publicUrl);
    await accounts.deleteAccount(account.id, `player-${randomBytes(5).toString("hex")}`);
    res.json(await meOf(accounts, null, services.mailer));
  });

  router.get("/matches", async (req, res) => {
    const account = await requireAccount(req, accounts);
    const [live, finished] = await Promise.all([accounts.accountSeats(account.id, { status: "live", limit: 200 }), accounts.accountSeats(account.id, { limit: 100 })]);
    const groups = [...byMatch(live), ...byMatch(finished.filter((s) => s.status !== "live"))];
    const awaiting = await awaitingOf(byMatch(live).map((g) => g[0]!.matchId));
    const matches: MyMatch[] = groups.map((group) => {
      const first = group[0]!;
      const mySeats = group.map((s) => s.seat);
      return {
        matchId: first.matchId,
        ruleset: first.ruleset,
        scenario: first.scenario,
        status: first.status,
        mySeats,
        yourMove: first.status === "live" && (awaiting.get(first.matchId)?.seats ?? []).some((seat) => mySeats.includes(seat)),
        ...clocksOf(first.status === "live" ? awaiting.get(first.matchId) : undefined, mySeats),
        seats: first.seats,
        result: first.result,
        createdAt: iso(first.createdAt)!,
        finishedAt: iso(first.finishedAt),
      };
    });
    // Live before finished, and among the live the ones waiting for me first (stable otherwise: newest first).
    const rank = (m: MyMatch) => (m.status === "live" ? (m.yourMove ? 0 : 1) : 2);
    matches.sort((a, b) => rank(a) - rank(b));
    const answer: MyMatchesResponse = { matches };
    res.json(answer);
  });

  router.get("/seats/:id", async (req, res) => {
    const account = await requireAccount(req, accounts);
    const params = MatchPathParams.safeParse(req.params);
    if (!params.success) throw new ApiError(400, "bad_request", "The match id is malformed.");
    const mine = await accounts.accountSeats(account.id, { matchId: params.data.id });
    if (mine.length === 0) throw new ApiError(404, "not_found", "You hold no seat in this match.");
    const access = await services.store.inviteAccess(params.data.id);
    const secret = access?.tokenSecret;
    if (!secret) throw new ApiError(404, "not_found", "You hold no seat in this match.");
    const answer: MySeatsResponse = {
      matchId: params.data.id,
      seats: mine.map((s) => ({ seat: s.seat, token: claimedToken(secret, s.seat, s.generation, accountClaimKey(account, s.matchId, s.seat)) })),
    };
    res.json(answer);
  });

  return router;
}

/** Public profiles, mounted at /api/players. */
export function profileRoutes(store: MatchStore): Router {
  const router = express.Router();
  router.get("/:name", async (req, res) => {
    const account = await store.accounts.accountByName(String(req.params.name));
    if (!account) throw new ApiError(404, "not_found", "There is no such player.");
    const seats = await store.accounts.accountSeats(account.id, { limit: 500 });
    const played = new Map<string, { finished: number; live: number }>();
    for (const group of byMatch(seats)) {
      const first = group[0]!;
      const count = played.get(first.ruleset) ?? { finished: 0, live: 0 };
      if (first.status === "finished") count.finished++;
      if (first.status === "live") count.live++;
      played.set(first.ruleset, count);
    }
    const finished = byMatch(seats.filter((s) => s.status === "finished")).slice(0, 20);
    // Ratings: per ruleset and format, and what each rated recent match did (../ratings/).
    const [ratings, history] = await Promise.all([store.ratings.accountRatings(account.id), store.ratings.ratingHistory(account.id, finished.map((g) => g[0]!.matchId))]);
    const changes = new Map(history.map((h) => [h.matchId, { before: Math.round(h.before), after: Math.round(h.after) }]));
    const recent = finished.map((group) => {
      const first = group[0]!;
      const mine = new Set(group.map((s) => s.seat));
      const ratingChange = changes.get(first.matchId);
      return {
        matchId: first.matchId,
        ruleset: first.ruleset,
        scenario: first.scenario,
        seat: first.seat,
        result: first.result,
        opponents: first.seats.filter((s) => !mine.has(s.seat)).map((s) => s.playerName),
        finishedAt: iso(first.finishedAt),
        ...(ratingChange ? { ratingChange } : {}),
      };
    });
    const answer: ProfileResponse = {
      name: account.name,
      memberSince: new Date(account.createdAt).toISOString(),
      guest: account.kind === "guest",
      played: [...played].map(([ruleset, count]) => ({ ruleset, ...count })),
      ratings: ratings.map((r) => ({ ruleset: r.ruleset, format: r.format as RatingFormat, rating: Math.round(r.rating), deviation: Math.round(r.deviation), games: r.games })),
      recent,
    };
    res.setHeader("Cache-Control", "no-store");
    res.json(answer);
  });
  return router;
}
