/**
 * Blocks (docs/protocol.md "Blocks and reports"), mounted at /api/me/blocks:
 * - `PUT /api/me/blocks/:name` -> 204: block that player (again: no change); at most MAX_BLOCKS;
 * - `DELETE /api/me/blocks/:name` -> 204: lift the block (none: no change);
 * - `GET /api/me/blocks` -> `{ blocked: [{ name, since }] }`, newest first.
 * A blocked player is never told: challenges between the two are refused as to a player who does
 * not exist, and open ones are closed as declined or withdrawn.
 */
import { AccountName, MAX_BLOCKS, type BlocksResponse } from "@fogwar/protocol";
import express, { type Router } from "express";
import { requireAccount } from "../accounts/session.js";
import { ApiError } from "../api-error.js";
import type { AccountRecord, MatchStore } from "../store/index.js";

/** The account a path's `:name` names. @throws ApiError 404 `not_found` for no such player (or a deleted one). */
async function named(store: MatchStore, name: string | undefined): Promise<AccountRecord> {
  const parsed = AccountName.safeParse(name);
  const account = parsed.success ? await store.accounts.accountByName(parsed.data) : null;
  if (!account || account.kind === "deleted") throw new ApiError(404, "not_found", "There is no such player.");
  return account;
}

/** The block routes, mounted at /api/me/blocks. */
export function blockRoutes(store: MatchStore): Router {
  const router = express.Router();
  router.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });

  router.get("/", async (req, res) => {
    const me = await requireAccount(req, store.accounts);
    const blocked = await store.social.blocksOf(me.id);
    const answer: BlocksResponse = { blocked: blocked.map((b) => ({ name: b.name, since: new Date(b.since).toISOString() })) };
    res.json(answer);
  });

  router.put("/:name", async (req, res) => {
    const me = await requireAccount(req, store.accounts);
    const other = await named(store, req.params.name);
    if (other.id === me.id) throw new ApiError(400, "bad_request", "You cannot block yourself.");
    if (!(await store.social.block(me.id, other.id, MAX_BLOCKS))) throw new ApiError(409, "too_many_blocks", `At most ${MAX_BLOCKS} players may be blocked.`);
    res.status(204).end();
  });

  router.delete("/:name", async (req, res) => {
    const me = await requireAccount(req, store.accounts);
    const other = await named(store, req.params.name);
    await store.social.unblock(me.id, other.id);
    res.status(204).end();
  });

  return router;
}
