/**
 * The room's public clock field (docs/protocol.md "Clocks and claims") as the table reads it: the
 * field parsed once per change with the local time it arrived, and each clock counted down locally
 * from there (the client never compares the server's time with its own).
 */

import type { ClockEntry, ClockField, ClockInfo } from "@fogwar/client";
import { termsWords } from "./days";

export { formatClock, formatDays, termsWords } from "./days";
export { parseClockField, type ClockEntry, type ClockField, type ClockInfo, type CorrespondenceTerms, type ImposedResult } from "@fogwar/client";

/**
 * The view a table shows: `view` itself, or, once the log imposed a result the rules' state does
 * not hold, the same view finished with that result (so the table shows the end, not a turn).
 */
export function withImposed<V extends { readonly phase: string; readonly result: unknown }>(view: V, info: ClockInfo | null | undefined): V {
  const imposed = info?.field.imposed;
  if (!imposed || view.result) return view;
  return { ...view, phase: "finished", result: { ...imposed, scores: imposed.scores ?? {} } };
}

/** A clock's time left at local time `now`: counted down from the field while it runs, never below 0. */
export function remainingAt(info: ClockInfo, entry: ClockEntry, now: number): { total: number; activation: number } {
  const elapsed = entry.running ? Math.max(0, now - info.receivedAt) : 0;
  const activation = Math.max(0, entry.activationMs - elapsed);
  const total = Math.max(0, entry.remainingMs - elapsed);
  return { total, activation };
}

/** A claim's wait left at local time `now` (ms, 0 when the claim may be made). */
export function claimWaitAt(info: ClockInfo, claim: ClockField["claims"][number], now: number): number {
  return Math.max(0, claim.allowedAt - info.field.at - Math.max(0, now - info.receivedAt));
}

/** Whether a clock is low: under 30 s, or under a tenth of its start for long clocks. */
export const isLow = (ms: number): boolean => ms < 30_000;

/** The referee's public events (a clock ran out, a claim, a concession in rules without one), as the logs show them. */
type RefereeEvent =
  | { readonly type: "time_control"; readonly by: string; readonly spec: { readonly kind: string; readonly perMoveMs?: number; readonly vacationMs?: number } }
  | { readonly type: "time_out"; readonly clock: string; readonly seat: string; readonly result: { readonly winner: string | null; readonly reason: string } | null }
  | { readonly type: "claimed"; readonly by: string; readonly absent: string; readonly outcome: "win" | "draw" }
  | { readonly type: "concession"; readonly seat: string };

/**
 * A referee event in words (keys `clock.*` of the `common` namespace), or null when `event` is not
 * one. `t` may be any namespace's function (the namespace is named); `nameOf` names a seat or clock.
 */
export function refereeText(t: (key: string, options: Record<string, unknown>) => string, event: unknown, nameOf: (who: string) => string): string | null {
  const e = event as RefereeEvent | null;
  if (!e || typeof e !== "object") return null;
  if (e.type === "time_control" && e.spec?.kind === "correspondence") {
    const day = 86_400_000;
    return t("clock.switched", { ns: "common", ...termsWords(t, { daysPerMove: Math.floor((e.spec.perMoveMs ?? 0) / day), vacationDays: Math.floor((e.spec.vacationMs ?? 0) / day) }) });
  }
  if (e.type === "time_out" && typeof e.clock === "string") return t(e.result ? "clock.timeOut" : "clock.timeOutPass", { ns: "common", who: nameOf(e.clock) });
  if (e.type === "claimed" && typeof e.by === "string") return t(e.outcome === "draw" ? "clock.claimedDraw" : "clock.claimedWin", { ns: "common", by: nameOf(e.by), absent: nameOf(e.absent) });
  if (e.type === "concession" && typeof e.seat === "string") return t("clock.conceded", { ns: "common", who: nameOf(e.seat) });
  return null;
}
