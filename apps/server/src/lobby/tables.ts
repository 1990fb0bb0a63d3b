/**
 * Open tables' routes (docs/protocol.md "Lobby"), under /api/lobby:
 * - `POST /tables` (signed in) `OpenTableRequest` -> 201 `{ tableId }`: opens a `table` room on
 *   this process; at most `MAX_OPEN_TABLES` (3) per account (429 `too_many_tables`). The owner then
 *   joins the room by id (`joinById(tableId)`) with its session cookie, within 30 s;
 * - `DELETE /tables/:id` (the owner) -> 204; else 404 `table_unavailable`;
 * - `POST /tables/:id/take` (signed in, not the owner) -> 200 `{ matchId, seat }`; 404
 *   `table_unavailable` (gone, taken, or a block either way: never told apart), 403
 *   `rating_out_of_range`, 409 `own_table`. The take runs in the table's room on its process
 *   (`matchMaker.remoteRoomCall`), so of two takers at once one wins.
 */
import { matchMaker } from "@colyseus/core";
import { LobbyPathParams, MAX_OPEN_TABLES, OpenTableRequest, PROTOCOL_ERRORS, type OpenTableResponse, type ProtocolErrorCode, type TakeTableResponse } from "@fogwar/protocol";
import { Router } from "express";
import { requireAccount } from "../accounts/session.js";
import { parseBody } from "../accounts/routes.js";
import { ApiError } from "../api-error.js";
import type { CreateServices } from "../create.js";
import { RULESETS } from "../hosts/index.js";
import { DUEL, duelSeats } from "./paired.js";
import { isTableId, newTableId } from "./ids.js";
import { openTableRoom, ownerTablesKey, type TakeOutcome } from "./table-room.js";

/** How long (ms) a take may run on the table's process (creating the match included). */
const TAKE_TIMEOUT_MS = 20_000;

const STATUS: Partial<Record<ProtocolErrorCode, number>> = { table_unavailable: 404, own_table: 409, rating_out_of_range: 403, service_unavailable: 503 };

/** The table's id from the path, when a table by that id is open (on any process). @throws ApiError 404 `table_unavailable`. */
async function openTable(params: unknown): Promise<string> {
  const parsed = LobbyPathParams.safeParse(params);
  const id = parsed.success ? parsed.data.id : "";
  const listing = isTableId(id) ? (await matchMaker.query({ roomId: id }))[0] : undefined;
  if (!listing || listing.name !== "table") throw new ApiError(404, "table_unavailable", "This table is no longer open.");
  return id;
}

/** How many tables the account has open now (forgetting those gone without saying so: a process that died). */
async function openTablesOf(accountId: string): Promise<number> {
  const key = ownerTablesKey(accountId);
  const ids = await matchMaker.presence.smembers(key);
  let open = 0;
  for (const id of ids) {
    if ((await matchMaker.query({ roomId: id })).length > 0) open += 1;
    else await matchMaker.presence.srem(key, id);
  }
  return open;
}

/** The open tables' routes. */
export function tableRoutes(services: CreateServices): Router {
  const router = Router();

  router.post("/tables", async (req, res) => {
    const account = await requireAccount(req, services.store.accounts);
    const body = parseBody(OpenTableRequest, req.body, "table");
    const host = RULESETS.get(body.ruleset);
    if (body.options?.clock && host && !host.optionalClock) throw new ApiError(400, "bad_request", `${body.ruleset} runs its own clock: the clock option is for rulesets whose clock is optional.`);
    const settings = { ruleset: body.ruleset, scenario: body.scenario, ...(body.options ? { options: body.options } : {}) };
    duelSeats(settings);
    if ((await openTablesOf(account.id)) >= MAX_OPEN_TABLES) throw new ApiError(429, "too_many_tables", `You have too many open tables (at most ${MAX_OPEN_TABLES}).`);
    const tableId = newTableId();
    await openTableRoom({
      ownerId: account.id,
      settings,
      listing: {
        tableId,
        ownerName: account.name,
        ownerRating: await services.store.lobby.ratingOf(account.id, body.ruleset, DUEL),
        ruleset: body.ruleset,
        scenario: body.scenario,
        options: { rated: body.options?.rated ?? false, clock: body.options?.clock ?? null, correspondence: body.options?.correspondence ?? null },
        minRating: body.minRating ?? null,
        maxRating: body.maxRating ?? null,
        createdAt: Date.now(),
      },
    });
    res.status(201).json({ tableId } satisfies OpenTableResponse);
  });

  router.delete("/tables/:id", async (req, res) => {
    const account = await requireAccount(req, services.store.accounts);
    const id = await openTable(req.params);
    const closed = (await matchMaker.remoteRoomCall(id, "withdraw", [account.id]).catch(() => false)) as boolean;
    if (!closed) throw new ApiError(404, "table_unavailable", "This table is no longer open.");
    res.status(204).end();
  });

  router.post("/tables/:id/take", async (req, res) => {
    const account = await requireAccount(req, services.store.accounts);
    const id = await openTable(req.params);
    const outcome = (await matchMaker.remoteRoomCall(id, "take", [account.id], TAKE_TIMEOUT_MS).catch((): TakeOutcome => ({ ok: false, code: "table_unavailable" }))) as TakeOutcome;
    if (!outcome.ok) {
      const status = STATUS[outcome.code] ?? 404;
      throw new ApiError(status, outcome.code, PROTOCOL_ERRORS[outcome.code].message);
    }
    res.json({ matchId: outcome.matchId, seat: outcome.seat } satisfies TakeTableResponse);
  });

  return router;
}
