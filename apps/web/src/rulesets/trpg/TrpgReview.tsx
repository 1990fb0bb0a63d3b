/**
 * The review of a TRPG match (`/review/:matchId`): a finished match is rebuilt in this browser
 * with the shared engine (review.ts), stepped through (buttons, slider, arrow keys) and shown
 * read-only with the TRPG table from any perspective: everything (the game master's knowledge),
 * each seat (what its side knew at that step: no enemy it had not yet seen), or a spectator; the
 * board first, then a verification panel (dice seed, every stored state hash). A live match shows only its public
 * log (the history API's spectator projection, without commands). A match of an older rules
 * version is rebuilt with that version's frozen build (fetched only then).
 */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { VersionedRuleset } from "@fogwar/rules-archive/frozen";
import { RULES_VERSION, catalog, trpg, type TrpgCommand, type TrpgEvent, type TrpgView } from "@fogwar/trpg";
import { OlderRulesNote, TableBoundary } from "../../review/older-rules";
import { StepNav } from "../../review/StepNav";
import { ReplayChecks, okWord } from "../../review/ReplayChecks";
import { WithRules, useReplayStep } from "../../review/with-rules";
import type { MatchHistory } from "../../api";
import { TrpgTableView } from "./TrpgTableView";
import { actionLabel } from "./TrpgControls";
import { rebuildTrpg, trpgEventsUpTo, type TrpgRules } from "./review";
import { describeEvent, type TrpgWords } from "./words";
import { useSeatNamer } from "../../table/names";
import "../../i18n/trpg-strings";

const fromFrozen = (frozen: VersionedRuleset): TrpgRules => frozen.ruleset as TrpgRules;

/** The replay of a finished TRPG match, under the rules of its version. */
export function TrpgReview({ matchId, history }: { matchId: string; history: MatchHistory }) {
  return (
    <WithRules id="trpg" rulesVersion={RULES_VERSION} history={history} current={trpg as TrpgRules} fromFrozen={fromFrozen}>
      {(rules, older) => <TrpgReplayWith matchId={matchId} history={history} rules={rules} older={older} />}
    </WithRules>
  );
}

function TrpgReplayWith({ matchId, history, rules, older }: { matchId: string; history: MatchHistory; rules: TrpgRules; older: boolean }) {
  const { t, i18n } = useTranslation("trpg");
  const name = useSeatNamer(history.match.seats.map((s) => s.seat), history.match.seats);
  const replay = useMemo(() => rebuildTrpg(history, rules), [history, rules]);
  const { step, last, setIndex, perspective, setPerspective, viewer } = useReplayStep(replay.steps);
  if (!step) return <p role="alert">⚠ {replay.problems.join("; ")}</p>;
  const view = rules.viewFor(step.state, viewer);
  const w: TrpgWords = { t, language: i18n.language, name, view };
  const events = trpgEventsUpTo(replay, step.index, viewer);
  const seats = [...step.state.seats.party, ...step.state.seats.enemies];
  const sideOf = (seat: string) => (step.state.seats.party.includes(seat) ? "party" : "enemies");
  const commandShown = step.command && (viewer.kind === "omniscient" || (viewer.kind === "seat" && step.seat !== null && sideOf(viewer.seat) === sideOf(step.seat)) || step.envelopes.every((e) => e.audience.kind === "everyone"));
  return (
    <section className="trpg-review" data-testid="trpg-review">
      <h2>{t("review.title")}</h2>
      <p>{t("review.readOnly", { version: history.rulesVersion })}</p>
      {older && <OlderRulesNote version={history.rulesVersion} />}
      {/* The board comes first (it fits the first screen); the verification follows it, its failure also said up here. */}
      {!replay.ok && (
        <p role="alert" className="verify-failed">
          ⚠ {t("review.all", { ok: okWord(t, false) })}
        </p>
      )}
      <StepNav step={step.index} last={last} onStep={setIndex} stepTestId="trpg-review-step">
        <label>
          {t("review.perspective")}{" "}
          <select value={perspective} onChange={(e) => setPerspective(e.target.value)} data-testid="trpg-review-perspective">
            <option value="omniscient">{t(step.state.mode === "gm" ? "review.omniscient" : "review.omniscientVersus")}</option>
            {seats.map((s) => (
              <option key={s} value={s}>
                {t("review.seat", { seat: name(s), side: t(step.state.mode === "gm" && s === step.state.seats.enemies[0] ? "gameMaster" : `side.${sideOf(s)}`) })}
              </option>
            ))}
            <option value="spectator">{t("review.spectator")}</option>
          </select>
        </label>
      </StepNav>
      <p className="step-info">{step.seat === null ? t("review.setup") : t("review.by", { step: step.index, seat: name(step.seat), command: commandShown ? actionLabel(w, step.command as TrpgCommand) : t("review.hidden") })}</p>
      <TableBoundary resetKey={`${step.index}:${perspective}`} version={history.rulesVersion}>
        <TrpgTableView matchId={matchId} view={view} seat={viewer.kind === "seat" ? viewer.seat : null} legal={[]} onCommand={() => undefined} events={events} readOnly />
      </TableBoundary>
      <ReplayChecks t={t} replay={replay} />
    </section>
  );
}

/** A live TRPG match: the public log (the history API's spectator projection) in words. */
export function TrpgLiveHistory({ history }: { history: MatchHistory }) {
  const { t, i18n } = useTranslation("trpg");
  const name = useSeatNamer(history.match.seats.map((s) => s.seat), history.match.seats);
  // While live only the party's names are public (the scenario's); an enemy stays "someone unseen" here.
  const scenario = catalog.scenarios.get(history.match.scenario);
  const party = Object.fromEntries((scenario?.party ?? []).map((p) => [p.id, { name: p.name ?? catalog.archetypes.get(p.archetype)!.name }]));
  const w: TrpgWords = { t, language: i18n.language, name, view: { characters: party } as unknown as TrpgView };
  return (
    <section className="review-live" data-perspective="spectator">
      <p>{t("review.live")}</p>
      <p>
        <a href={`/watch/${encodeURIComponent(history.match.matchId)}`}>{t("review.watch")}</a>
      </p>
      <ol data-testid="review-live-entries">
        {history.entries.map((entry) => (
          <li key={entry.seq} value={entry.seq}>
            <strong>{name(entry.seat)}</strong>
            <ul>
              {(entry.events as TrpgEvent[]).map((e, i) => (
                <li key={i}>{describeEvent(w, e)}</li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}
