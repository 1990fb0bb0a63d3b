/**
 * The review of an Age of Sigmar battle (`/review/:matchId`): a finished battle rebuilt in this
 * browser with the shared engine (review.ts), stepped through (buttons, slider, arrow keys) and
 * shown read-only from any perspective (everything, each seat, a spectator): who knew what at each
 * step (a seat's own list, reserves and hand; a spectator's public picture), with the verification
 * of the dice seed, both list commitments, every reserve commitment and every stored state hash.
 * A live battle shows only its public log. A battle of an older rules version is rebuilt with that
 * version's frozen build (fetched only then).
 */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { VersionedRuleset } from "@fogwar/rules-archive/frozen";
import { RULES_VERSION, type SigmarEvent } from "@fogwar/sigmar";
import type { MatchHistory } from "../../api";
import { OlderRulesNote, TableBoundary } from "../../review/older-rules";
import { StepNav } from "../../review/StepNav";
import { WithRules, useReplayStep } from "../../review/with-rules";
import { SigmarTableView } from "./SigmarTableView";
import { CURRENT_SIGMAR, rebuildSigmar, sigmarEventsUpTo, type SigmarRules } from "./review";
import { describeEvent, type SigmarWords } from "./words";
import { useSeatNamer } from "../../table/names";
import "../../i18n/sigmar-strings";

// Every archived version carries its own reserve salt and content; today's stand in for a build without them.
const fromFrozen = (frozen: VersionedRuleset): SigmarRules =>
  ({ ruleset: frozen.ruleset, reserveSalt: frozen.reserveSalt ?? CURRENT_SIGMAR.reserveSalt, reserveEntry: frozen.reserveEntry ?? CURRENT_SIGMAR.reserveEntry }) as SigmarRules;

/** The replay of a finished battle, under the rules of its version. */
export function SigmarReview({ matchId, history }: { matchId: string; history: MatchHistory }) {
  return (
    <WithRules id="sigmar" rulesVersion={RULES_VERSION} history={history} current={CURRENT_SIGMAR} fromFrozen={fromFrozen}>
      {(rules, older) => <SigmarReplayWith matchId={matchId} history={history} rules={rules} older={older} />}
    </WithRules>
  );
}

function SigmarReplayWith({ matchId, history, rules, older }: { matchId: string; history: MatchHistory; rules: SigmarRules; older: boolean }) {
  const { t } = useTranslation("sigmar");
  const name = useSeatNamer(history.match.seats.map((s) => s.seat), history.match.seats);
  const replay = useMemo(() => rebuildSigmar(history, rules), [history, rules]);
  const { step, last, setIndex, perspective, setPerspective, viewer } = useReplayStep(replay.steps);
  if (!step) return <p role="alert">⚠ {replay.problems.join("; ")}</p>;
  const view = rules.ruleset.viewFor(step.state, viewer);
  const events = sigmarEventsUpTo(replay, step.index, viewer);
  return (
    <section className="sigmar-review" data-testid="sigmar-review">
      <h2>{t("review.title")}</h2>
      {older && <OlderRulesNote version={history.rulesVersion} />}
      <p className="verify" data-ok={replay.ok} role="status">
        {replay.ok ? `✓ ${t("review.verified")}` : `✗ ${t("review.failed", { problems: replay.problems.join("; ") || "-" })}`}
      </p>
      <StepNav step={step.index} last={last} onStep={setIndex} stepTestId="sigmar-review-step">
        <label>
          {t("review.perspective")}{" "}
          <select value={perspective} onChange={(e) => setPerspective(e.target.value)} data-testid="sigmar-review-perspective">
            <option value="omniscient">{t("review.everyone")}</option>
            {history.match.seats.map((s) => (
              <option key={s.seat} value={s.seat}>
                {t("review.seatView", { name: name(s.seat) })}
              </option>
            ))}
            <option value="spectator">{t("review.spectatorView")}</option>
          </select>
        </label>
      </StepNav>
      <TableBoundary resetKey={`${step.index}:${perspective}`} version={history.rulesVersion}>
        <SigmarTableView matchId={matchId} view={view} seat={viewer.kind === "seat" ? viewer.seat : null} legal={[]} templates={[]} onCommand={() => undefined} events={events} readOnly />
      </TableBoundary>
    </section>
  );
}

/** A live battle: the public log (the history API's spectator projection) in words. */
export function SigmarLiveHistory({ history }: { history: MatchHistory }) {
  const { t, i18n } = useTranslation("sigmar");
  const name = useSeatNamer(history.match.seats.map((s) => s.seat), history.match.seats);
  const w: SigmarWords = { t, language: i18n.language, name };
  return (
    <section className="review-live" data-perspective="spectator">
      {/* Over yet spectator's: the battle ended during its muster (its lists stay secret). */}
      <p>{t(history.match.status === "live" ? "review.live" : "review.endedInMuster")}</p>
      <ol data-testid="review-live-entries">
        {history.entries.map((entry) => (
          <li key={entry.seq} value={entry.seq}>
            {(entry.events as SigmarEvent[]).map((e, i) => (
              <span key={i}>{describeEvent(w, e, { units: {} }, null)} </span>
            ))}
          </li>
        ))}
      </ol>
    </section>
  );
}
