/**
 * A finished match, replayed: the step controls (./StepNav.tsx: buttons, slider, ArrowLeft/ArrowRight,
 * Home/End), the perspective, the round list, what happened at the step as the perspective saw
 * it, the table at that step (read-only: no legal commands, commands go nowhere) and the
 * verification panel. A match of an older rules version is replayed with that version's frozen
 * build (fetched first; a version this site has no build of is said so).
 */
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSeatNamer } from "../../table/names";
import { useWords } from "./useWords";
import { RULES_VERSION, type EmberCommand, type EmberEvent, type EmberView } from "@fogwar/ember";
import type { MatchHistory } from "../../api";
import { TableView } from "./TableView";
import { describeCommand, describeEvent } from "./words";
import { WithRules } from "../../review/with-rules";
import { commandVisible, eventsFor, rebuild, roundStarts, verify, viewAt, viewerOf, type EmberRules, type Perspective, type Replay, type Step } from "../../review/replay";
import { OlderRulesNote, TableBoundary } from "../../review/older-rules";
import { VerifyPanel } from "../../review/VerifyPanel";
import { StepNav } from "../../review/StepNav";
import "../../i18n/review-strings";

const NO_LEGAL: readonly EmberCommand[] = [];
const ignoreCommand = () => undefined;

/** The replay of a finished EMBER match, under the rules of its version (undefined: the page's own). */
export function Replayer({ matchId, history }: { matchId: string; history: MatchHistory }) {
  return (
    <WithRules<EmberRules | undefined> id="ember" rulesVersion={RULES_VERSION} history={history} current={undefined} fromFrozen={(frozen) => frozen.ruleset as EmberRules}>
      {(rules) => <ReplayWith matchId={matchId} history={history} rules={rules} />}
    </WithRules>
  );
}

function ReplayWith({ matchId, history, rules }: { matchId: string; history: MatchHistory; rules: EmberRules | undefined }) {
  const { t } = useTranslation("review");
  const replay = useMemo(() => rebuild(history, rules), [history, rules]);
  const verification = useMemo(() => verify(history, replay), [history, replay]);
  const last = Math.max(0, replay.steps.length - 1);
  const [step, setStep] = useState(0);
  const [perspective, setPerspective] = useState<Perspective>("omniscient");


  const seats = history.match.seats;
  const name = useSeatNamer(seats.map((s) => s.seat), seats);
  const problems = replay.problems.length > 0 && (
    <div className="error" role="alert" data-testid="review-error">
      <strong>⚠ {t("problems.title")}</strong>
      <ul>
        {replay.problems.map((p, i) => (
          <li key={i} data-problem={p.kind} data-seq={p.seq}>
            {t(`problems.${p.kind}`, { seq: p.seq, detail: p.detail })}
          </li>
        ))}
      </ul>
    </div>
  );

  if (replay.steps.length === 0) {
    return (
      <>
        {problems}
        <VerifyPanel history={history} verification={verification} />
      </>
    );
  }

  return (
    <>
      <p className="meta">{t("readOnly", { version: history.rulesVersion })}</p>
      {rules && <OlderRulesNote version={history.rulesVersion} />}
      {problems}
      <StepNav step={step} last={last} total={replay.total} onStep={setStep}>
        <label>
          {t("perspective.label")}{" "}
          <select data-testid="review-perspective" value={perspective} onChange={(e) => setPerspective(e.target.value)}>
            <option value="omniscient">{t("perspective.omniscient")}</option>
            {seats.map((s, i) => (
              <option key={s.seat} value={s.seat}>
                {t("perspective.seat", { n: i + 1, name: s.name })}
              </option>
            ))}
            {[...new Set(seats.flatMap((s) => (s.team ? [s.team] : [])))].map((team) => (
              <option key={team} value={`team:${team}`}>
                {t("perspective.team", { team, seats: seats.filter((s) => s.team === team).map((s) => name(s.seat)).join(", ") })}
              </option>
            ))}
            <option value="spectator">{t("perspective.spectator")}</option>
          </select>
        </label>
      </StepNav>
      <ReplayStep matchId={matchId} replay={replay} step={step} perspective={perspective} go={setStep} history={history} verification={verification} />
    </>
  );
}

function ReplayStep({
  matchId,
  replay,
  step,
  perspective,
  go,
  history,
  verification,
}: {
  matchId: string;
  replay: Replay;
  step: number;
  perspective: Perspective;
  go: (to: number) => void;
  history: MatchHistory;
  verification: ReturnType<typeof verify>;
}) {
  const { t } = useTranslation("review");
  const viewer = useMemo(() => viewerOf(perspective), [perspective]);
  const name = useSeatNamer(history.match.seats.map((s) => s.seat), history.match.seats);
  const view = useMemo(() => viewAt(replay, step, viewer), [replay, step, viewer]);
  const events = useMemo(() => replay.steps.slice(0, step + 1).map((s) => ({ seq: s.seq, events: eventsFor(replay, s, viewer) })), [replay, step, viewer]);
  const starts = useMemo(() => roundStarts(replay.steps), [replay]);
  const current = replay.steps[step] as Step;
  const explain =
    viewer.kind === "omniscient" ? t("perspective.explainOmniscient") : viewer.kind === "seat" ? t("perspective.explainSeat", { seat: name(viewer.seat) }) : viewer.kind === "team" ? t("perspective.explainTeam", { team: viewer.team }) : t("perspective.explainSpectator");

  return (
    <div className="review-columns ember-review-columns" data-perspective={perspective}>
      <div>
        <p className="meta" data-testid="review-perspective-note">
          {explain}
        </p>
        <TableBoundary resetKey={`${step}:${perspective}`} version={history.rulesVersion}>
          <TableView matchId={matchId} view={view} seat={null} legal={NO_LEGAL} onCommand={ignoreCommand} events={events} />
        </TableBoundary>
      </div>
      <div className="ember-review-side">
        <nav className="review-rounds" aria-labelledby="review-rounds-title">
          <h2 id="review-rounds-title">
            {t("rounds.label")} · <span data-testid="review-round">{view.round > 0 ? t("rounds.current", { round: view.round }) : t("rounds.setup")}</span>
          </h2>
          <ul>
            <li>
              <button type="button" onClick={() => go(0)} aria-current={step === 0 ? "step" : undefined}>
                {t("rounds.setup")}
              </button>
            </li>
            {starts.map((s) => (
              <li key={s.index}>
                <button type="button" data-round={s.round} onClick={() => go(s.index)} aria-current={view.round === s.round && step > 0 ? "step" : undefined}>
                  {t("rounds.round", { round: s.round })}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <TableBoundary resetKey={`${step}:${perspective}`} version={history.rulesVersion}>
          <StepInfo replay={replay} step={current} view={view} viewer={viewer} />
        </TableBoundary>
        <VerifyPanel history={history} verification={verification} />
      </div>
    </div>
  );
}

function StepInfo({ replay, step, view, viewer }: { replay: Replay; step: Step; view: ReturnType<typeof viewAt>; viewer: ReturnType<typeof viewerOf> }) {
  const { t } = useTranslation("review");
  const words = useWords(view);
  const lines = eventsFor(replay, step, viewer)
    .map((e) => describeEvent(words, e))
    .filter((line): line is string => line !== null);
  let heading: string;
  if (step.seat === null) heading = t("stepInfo.setup");
  else {
    const command = step.command && commandVisible(step, viewer) ? describeCommand(words, step.command) : t("stepInfo.hiddenCommand");
    heading = t("stepInfo.by", { step: step.index, seat: words.name(step.seat), command });
  }
  return (
    <section className="review-step" aria-labelledby="review-step-title" data-testid="review-step-info">
      <h2 id="review-step-title">{t("stepInfo.title")}</h2>
      <p>{heading}</p>
      <h3>{t("stepInfo.events")}</h3>
      {lines.length === 0 ? (
        <p>{t("stepInfo.noEvents")}</p>
      ) : (
        <ul data-testid="review-step-events">
          {lines.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      )}
      {step.hashOk !== null && (
        <p className={step.hashOk ? "ok" : "failed"} data-hash-ok={String(step.hashOk)}>
          {step.hashOk ? `✔ ${t("stepInfo.hashOk")}` : `✖ ${t("stepInfo.hashFailed")}`}
        </p>
      )}
    </section>
  );
}

/** Unit labels need a view; the live history has none, so ids stand for units. */
const NO_VIEW = { units: [] } as unknown as EmberView;

/**
 * A live match: the note that the full review waits for the end, and the public entries; a match
 * over with only the spectator's history ended during its muster (its lists stay secret).
 */
export function EmberLiveHistory({ history }: { history: MatchHistory }) {
  const { t } = useTranslation("review");
  const table = useTranslation("table");
  const name = useSeatNamer(history.match.seats.map((s) => s.seat), history.match.seats);
  const words = { t: table.t, language: table.i18n.language, view: NO_VIEW, name };
  const live = history.match.status === "live";
  return (
    <section className="review-live" data-perspective="spectator">
      <h2>{t(live ? "live.title" : "live.endedTitle")}</h2>
      <p>{t(live ? "live.note" : "live.endedNote")}</p>
      {live && (
        <p>
          <a href={`/watch/${encodeURIComponent(history.match.matchId)}`}>{t("live.watch")}</a>
        </p>
      )}
      <h3>{t("live.entries", { count: history.entries.length })}</h3>
      <ol data-testid="review-live-entries">
        {history.entries.map((entry) => {
          const lines = (entry.events as EmberEvent[]).map((e) => describeEvent(words, e) ?? e.type);
          return (
            <li key={entry.seq} value={entry.seq}>
              <strong>{name(entry.seat)}</strong>: {entry.command ? describeCommand(words, entry.command as EmberCommand) : <em>{t("live.hiddenCommand")}</em>}
              {lines.length === 0 ? (
                <> · {t("live.noEvents")}</>
              ) : (
                <ul>
                  {lines.map((line, i) => (
                    <li key={i}>{line}</li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
