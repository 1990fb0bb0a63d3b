/**
 * Reports (docs/protocol.md "Blocks and reports"), mounted at /api/reports: `POST /api/reports`
 * `{ matchId, chat?, reason }` -> 201 `{ reportId }`, kept for an operator (./report-list.ts:
 * `pnpm --filter @fogwar/server reports`). At most MAX_REPORTS_PER_DAY per account in 24 hours.
 */
import { MAX_REPORTS_PER_DAY, ReportRequest, type ReportResponse } from "@fogwar/protocol";
import express, { type Router } from "express";
import { parseBody } from "../accounts/routes.js";
import { requireAccount } from "../accounts/session.js";
import { ApiError } from "../api-error.js";
import type { MatchStore } from "../store/index.js";

/** The report route, mounted at /api/reports. */
export function reportRoutes(store: MatchStore): Router {
  const router = express.Router();
  router.post("/", async (req, res) => {
    const me = await requireAccount(req, store.accounts);
    const body = parseBody(ReportRequest, req.body, "report");
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(body.matchId) || !(await store.getMatch(body.matchId))) throw new ApiError(404, "not_found", "There is no such match.");
    const chat = body.chat ? { audience: body.chat.audience, number: body.chat.number, ...(body.chat.team !== undefined ? { team: body.chat.team } : {}) } : undefined;
    const reportId = await store.social.addReport({ reporter: me.id, matchId: body.matchId, reason: body.reason, ...(chat ? { chat } : {}) }, MAX_REPORTS_PER_DAY, Date.now());
    if (reportId === null) throw new ApiError(429, "too_many_reports", `At most ${MAX_REPORTS_PER_DAY} reports a day.`);
    const answer: ReportResponse = { reportId };
    res.status(201).json(answer);
  });
  return router;
}
