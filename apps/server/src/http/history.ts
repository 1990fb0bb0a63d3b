/**
 * `GET /api/matches/:id/history`: a match's log as the requester may see it, computed once per
 * match and log version and then served from a cache.
 *
 * What it shows is the engine's `historyOf` (the ruleset kit checks the same function): while live
 * the spectator projection; once over everything with the seed, except what stays secret for ever
 * (a muster's drafts never revealed): a mustered match shows its muster as the spectator saw it
 * and a checkpoint state after the reveal, with the dice seed; a match ended during its muster
 * shows only the spectator projection.
 *
 * The cache holds one answer per match (the JSON text), keyed by the version it was computed
 * from: `live@<entries>` or `over`. The version of a lookup comes from the match's open room
 * (its sequence number and whether it has a result) or, without a room, from the stored status
 * (a finished match's log never changes). An answer is stored under the version its own reads
 * saw (the stored status and entry count), so a spectator answer is never stored as `over` and
 * the omniscient one never served while the store says live. Memory is bounded by bytes (LRU).
 */
import type { RequestHandler } from "express";
import { LRUCache } from "lru-cache";
import { matchMaker } from "@colyseus/core";
import { historyOf, type EventEnvelope } from "@fogwar/engine";
import { MatchPathParams, type MatchSummary } from "@fogwar/protocol";
import { hostFor } from "../hosts/index.js";
import type { MatchRecord, MatchStore } from "../store/index.js";
import { stampedAddress, type Limits } from "../limits.js";
import type { ClientLog } from "../client-log.js";
import { sendError } from "./gate.js";

/**
 * A byte-bounded LRU of JSON answers, one per match: `matchId -> { version, body }` (lru-cache,
 * each answer weighing its text's length).
 */
export class HistoryCache {
  private readonly entries: LRUCache<string, { version: string; body: string }>;
  /** Answers computed (cache misses), for tests and metrics. */
  computed = 0;

  /** @param maxBytes the most JSON text (in UTF-16 code units, about bytes) kept; a larger answer is not kept. */
  constructor(maxBytes: number) {
    this.entries = new LRUCache({ maxSize: Math.max(1, maxBytes), sizeCalculation: (entry) => Math.max(1, entry.body.length) });
  }

  /** The answer for `matchId` at `version`, or undefined (a miss, or another version). */
  get(matchId: string, version: string): string | undefined {
    const entry = this.entries.get(matchId);
    return entry?.version === version ? entry.body : undefined;
  }

  /** Stores an answer, replacing the match's older one and evicting the least recently used. */
  set(matchId: string, version: string, body: string): void {
    this.entries.delete(matchId);
    this.entries.set(matchId, { version, body });
  }

  /** Forgets a match's answer. */
  delete(matchId: string): void {
    this.entries.delete(matchId);
  }

  /** JSON text held, in code units. */
  get size(): number {
    return this.entries.calculatedSize;
  }
}

/** What the route needs. */
export interface HistoryServices {
  readonly store: MatchStore;
  readonly limits: Limits;
  readonly cache: HistoryCache;
  readonly clients: ClientLog;
  /** The lobby summary of a match (from ../http.ts). */
  readonly summary: (record: MatchRecord) => MatchSummary;
}

/** The log version of a match with an open room: `{ seq, over }`, or undefined without a room. */
function roomVersion(matchId: string): string | undefined {
  const room = matchMaker.getLocalRoomById(matchId) as { logVersion?: { seq: number; over: boolean } } | undefined;
  const version = room?.logVersion;
  if (!version) return undefined;
  return version.over ? "over" : `live@${version.seq}`;
}

/** The history route handler. */
export function historyRoute(services: HistoryServices): RequestHandler {
  return async (req, res) => {
    const address = stampedAddress(req.headers);
    const wait = await services.limits.history.admit(address);
    if (wait > 0) {
      services.clients.mistake({ address, route: "history" }, "history refused: too many requests");
      sendError(res, 429, "too_many_requests", wait);
      return;
    }
    const params = MatchPathParams.safeParse(req.params);
    if (!params.success) {
      services.clients.mistake({ address, route: "history" }, "malformed match id");
      res.status(400).json({ error: { code: "bad_request", message: "The match id is malformed." } });
      return;
    }
    const id = params.data.id;
    let version = roomVersion(id);
    let record: MatchRecord | null = null;
    if (version === undefined) {
      record = await services.store.getMatch(id);
      if (!record) {
        res.status(404).json({ error: { code: "not_found", message: "There is no such match." } });
        return;
      }
      if (record.status !== "live") version = "over";
    }
    const cached = version === undefined ? undefined : services.cache.get(id, version);
    if (cached !== undefined) {
      res.type("application/json").send(cached);
      return;
    }
    const computed = await computeHistory(services, id, record);
    if (!computed) {
      res.status(404).json({ error: { code: "not_found", message: "There is no such match." } });
      return;
    }
    services.cache.set(id, computed.version, computed.body);
    res.type("application/json").send(computed.body);
  };
}

/** Computes a match's history answer and the version its reads saw; null for an unknown match. */
async function computeHistory(services: HistoryServices, id: string, known: MatchRecord | null): Promise<{ version: string; body: string } | null> {
  const record = known ?? (await services.store.getMatch(id));
  if (!record) return null;
  // Redacted and set up by the rules version the match was played under.
  const host = await hostFor(record.ruleset, record.rulesVersion);
  services.cache.computed += 1;
  const over = record.status !== "live";
  const entries = await services.store.entries(id);
  const seed = over ? await services.store.getSeed(id) : null;
  const shown = historyOf({
    ruleset: host.ruleset,
    ...(host.publicCommand ? { publicCommand: host.publicCommand } : {}),
    over,
    setup: record.setup,
    seed,
    entries: entries.map((e) => ({ seq: e.seq, seat: e.seat, command: e.command, events: e.events as EventEnvelope<unknown>[], stateHash: e.stateHash })),
  });
  const body = JSON.stringify({
    match: services.summary(record),
    perspective: shown.perspective,
    rulesVersion: record.rulesVersion,
    setup: shown.setup,
    seedCommitment: record.seedCommitment,
    seed: shown.seed,
    setupEvents: shown.setupEvents,
    entries: shown.entries,
    ...(shown.checkpoint ? { checkpoint: shown.checkpoint } : {}),
  });
  return { version: over ? "over" : `live@${entries.length}`, body };
}
