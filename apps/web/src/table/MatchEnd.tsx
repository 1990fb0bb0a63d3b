/**
 * The end of a match, above every ruleset's table (./TableRoute.tsx): the result in words for the
 * reader ("You win", "You lose" or "Draw" to a seat; "Ada wins" or "Draw" to a spectator, every
 * winner named in a team game), why when the ruleset words it, and what to do next: a rematch
 * (../players/RematchOffer.tsx, its own chunk, for a signed-in seat), the review, another match of
 * the same game, the lobby. It shows no dice seed: the seed is checked in the review's
 * verification section.
 */
import i18next from "i18next";
import { Suspense, lazy, useEffect, useRef } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { rulesetAdapter } from "../rulesets/registry";
import { withImposed, type ClockInfo } from "./clock";
import { seatList, useSeatNamer } from "./names";
import "./MatchEnd.css";

// "Rematch" (its own chunk: only a seat at a finished match needs it).
const RematchOffer = lazy(() => import("../players/RematchOffer").then((m) => ({ default: m.RematchOffer })));

/** A match's result as every ruleset's view holds it (engine `MatchResult`): the winner (null: a draw), a team's winners, why. */
export interface EndResult {
  readonly winner: string | null;
  readonly winners?: readonly string[];
  readonly reason: string;
}

/** The result held by a ruleset's view (`view.result`), or null when it has none (yet) or it is not of that shape. */
export function resultOf(view: unknown): EndResult | null {
  const result = (view as { result?: unknown } | null | undefined)?.result;
  if (!result || typeof result !== "object") return null;
  const r = result as { winner?: unknown; winners?: unknown; reason?: unknown };
  if (r.winner !== null && typeof r.winner !== "string") return null;
  const winners = Array.isArray(r.winners) ? r.winners.filter((w): w is string => typeof w === "string") : undefined;
  return { winner: r.winner, ...(winners ? { winners } : {}), reason: typeof r.reason === "string" ? r.reason : "" };
}

/**
 * The result a table ends with: the rules' own (`view.result`), else the one the log imposed (a
 * claim against a seat that stayed away, a clock that ran out: the room's clock field `imposed`,
 * folded in by `withImposed`, ./clock.ts), else null.
 */
export function endResultOf(view: unknown, clock: ClockInfo | null | undefined): EndResult | null {
  const held = view && typeof view === "object" ? (view as { phase?: unknown; result?: unknown }) : { result: null };
  return resultOf(withImposed({ phase: String(held.phase ?? ""), result: held.result ?? null }, clock));
}

/** The headline's key for `seat` (null: a spectator) and `result` (null: over, the result not known here). */
export function outcomeFor(seat: string | null, result: EndResult | null): "win" | "lose" | "draw" | "won" | "over" {
  if (!result) return "over";
  if (result.winner === null) return "draw";
  if (seat === null) return "won";
  return (result.winners ?? [result.winner]).includes(seat) ? "win" : "lose";
}

/** A result imposed from outside the rules (engine referee.ts) in words, alike for every ruleset (`clock.reason.*`); null for any other reason. */
function refereeReason(reason: string): string | null {
  const key = `clock.reason.${reason}`;
  return i18next.exists(key, { ns: "common" }) ? i18next.t(key, { ns: "common" }) : null;
}

/**
 * The match-end banner of match `matchId` (ruleset `ruleset`, undefined while unknown) for `seat`
 * (null: a spectator); `result` the view's result, null when the server only said the match is over.
 */
export function MatchEnd({ matchId, ruleset, seat, result, arrived = false }: { matchId: string; ruleset: string | undefined; seat: string | null; result: EndResult | null; arrived?: boolean }) {
  const { t } = useTranslation("common");
  const ref = useRef<HTMLElement>(null);
  // The match ended while the page was open: a player deep in the log or the roster would see
  // only a heading change, so the banner is brought into sight (once, as it appears).
  useEffect(() => {
    if (arrived) ref.current?.scrollIntoView?.({ block: "start", behavior: "smooth" });
  }, []);
  const name = useSeatNamer([]);
  const outcome = outcomeFor(seat, result);
  const winners = result?.winner ? (result.winners ?? [result.winner]) : [];
  const words = rulesetAdapter(ruleset)?.endReason;
  const common = i18next.getFixedT(null, "common");
  const reason = !result?.reason ? null : words ? words(common, result.reason) : refereeReason(result.reason);
  return (
    <section ref={ref} className={`match-end match-end-${outcome}`} role="status" aria-labelledby="match-end-title" data-outcome={outcome}>
      <h2 id="match-end-title">{outcome === "won" ? t("matchEnd.won", { count: winners.length, names: seatList(name, winners) }) : t(`matchEnd.${outcome}`)}</h2>
      {seat !== null && outcome !== "draw" && outcome !== "over" && <p className="match-end-winners">{t("matchEnd.winners", { count: winners.length, names: seatList(name, winners) })}</p>}
      {reason && <p className="match-end-reason">{t("matchEnd.reason", { reason })}</p>}
      <div className="match-end-next" role="group" aria-label={t("matchEnd.next")}>
        {seat !== null && (
          <Suspense fallback={null}>
            <RematchOffer matchId={matchId} />
          </Suspense>
        )}
        <Link className="button" to={`/review/${encodeURIComponent(matchId)}`}>
          {t("matchEnd.review")}
        </Link>
        {seat !== null && ruleset && (
          <Link className="button" to={`/?game=${encodeURIComponent(ruleset)}`}>
            {t("matchEnd.again")}
          </Link>
        )}
        <Link className="button" to="/">
          {t("matchEnd.lobby")}
        </Link>
      </div>
    </section>
  );
}
