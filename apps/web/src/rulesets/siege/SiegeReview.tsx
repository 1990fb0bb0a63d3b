/**
 * The review of a Siege match (`/review/:matchId`): a finished match is rebuilt in this browser
 * with the shared engine (review.ts), stepped through (buttons, slider, arrow keys) and shown
 * read-only with the Siege table from any perspective (everything, each seat, spectator): the board
 * first, then a verification panel (dice seed, both pick commitments, every stored state hash). A live match
 * shows only its public log (the history API's spectator projection). A match of an older rules
 * version is replayed with that version's frozen build (fetched first).
 */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { VersionedRuleset } from "@fogwar/rules-archive/frozen";
import { RULES_VERSION, type SiegeCommand, type SiegeEvent } from "@fogwar/siege";
import type { MatchHistory } from "../../api";
import { OlderRulesNote, TableBoundary } from "../../review/older-rules";
import { StepNav } from "../../review/StepNav";
import { ReplayChecks, okWord } from "../../review/ReplayChecks";
import { WithRules, useReplayStep } from "../../review/with-rules";
import { SiegeTableView } from "./SiegeTableView";
import { CURRENT_SIEGE, rebuildSiege, siegeEventsUpTo, type SiegeRules } from "./review";
import { describeCommand } from "./sentences";
import { describeEvent, teamName, type SiegeWords } from "./words";
import "../../i18n/siege-strings";
import { useSeatNamer } from "../../table/names";

const fromFrozen = (frozen: VersionedRuleset): SiegeRules => ({ ruleset: frozen.ruleset, pickSalt: frozen.pickSalt }) as SiegeRules;

/** The replay of a finished Siege match, under the rules of its version. */
export function SiegeReview({ matchId, history }: { matchId: string; history: MatchHistory }) {
  return (
    <WithRules id="siege" rulesVersion={RULES_VERSION} history={history} current={CURRENT_SIEGE} fromFrozen={fromFrozen}>
      {(rules, older) => <SiegeReplayWith matchId={matchId} history={history} rules={rules} older={older} />}
    </WithRules>
  );
}

function SiegeReplayWith({ matchId, history, rules, older }: { matchId: string; history: MatchHistory; rules: SiegeRules; older: boolean }) {
  const { t, i18n } = useTranslation("siege");
  const name = useSeatNamer(history.match.seats.map((s) => s.seat), history.match.seats);
  const w: SiegeWords = { t, language: i18n.language, name };
  const replay = useMemo(() => rebuildSiege(history, rules), [history, rules]);
  const { step, last, setIndex, perspective, setPerspective, viewer } = useReplayStep(replay.steps);
  if (!step) return <p role="alert">⚠ {replay.problems.join("; ")}</p>;
  const view = rules.ruleset.viewFor(step.state, viewer);
  const events = siegeEventsUpTo(replay, step.index, viewer);
  const teams = step.state.teams;
  const seatTeam = (seat: string) => (teams.attack.includes(seat) ? "attack" : "defence");
  const commandShown = step.command && (viewer.kind === "omniscient" || (viewer.kind === "seat" && seatTeam(viewer.seat) === seatTeam(step.seat ?? "")) || step.envelopes.every((e) => e.audience.kind === "everyone"));
  return (
    <section className="siege-review" data-testid="siege-review">
      <h2>{t("review.title")}</h2>
      <p>{t("review.readOnly", { version: history.rulesVersion })}</p>
      {older && <OlderRulesNote version={history.rulesVersion} />}
      <StepNav step={step.index} last={last} onStep={setIndex} stepTestId="siege-review-step">
        <label>
          {t("review.perspective")}{" "}
          <select value={perspective} onChange={(e) => setPerspective(e.target.value)} data-testid="siege-review-perspective">
            <option value="omniscient">{t("review.omniscient")}</option>
            {[...teams.attack, ...teams.defence].map((s) => (
              <option key={s} value={s}>
                {t("review.seat", { seat: name(s), team: teamName(w, seatTeam(s)) })}
              </option>
            ))}
            <option value="spectator">{t("review.spectator")}</option>
          </select>
        </label>
      </StepNav>
      <TableBoundary resetKey={`${step.index}:${perspective}`} version={history.rulesVersion}>
        <p className="step-info">
          {step.seat === null ? t("review.setup") : t("review.by", { step: step.index, seat: name(step.seat), command: commandShown ? describeCommand(w, step.command as SiegeCommand, view) : t("review.hidden") })}
        </p>
        <SiegeTableView matchId={matchId} view={view} seat={viewer.kind === "seat" ? viewer.seat : null} legal={[]} onCommand={() => undefined} events={events} readOnly />
      </TableBoundary>
      <ReplayChecks t={t} replay={replay}>
        {replay.picks.map((p) => (
          <li key={p.team}>{t("review.pick", { team: teamName(w, p.team), ok: okWord(t, p.ok) })}</li>
        ))}
      </ReplayChecks>
    </section>
  );
}

/** A live Siege match: the public log (the history API's spectator projection) in words. */
export function SiegeLiveHistory({ history }: { history: MatchHistory }) {
  const { t, i18n } = useTranslation("siege");
  const name = useSeatNamer(history.match.seats.map((s) => s.seat), history.match.seats);
  const w: SiegeWords = { t, language: i18n.language, name };
  return (
    <section className="review-live" data-perspective="spectator">
      <p>{t("review.live")}</p>
      <p>
        <a href={`/watch/${encodeURIComponent(history.match.matchId)}`}>{t("review.watchLive")}</a>
      </p>
      <ol data-testid="review-live-entries">
        {history.entries.map((entry) => (
          <li key={entry.seq} value={entry.seq}>
            <strong>{name(entry.seat)}</strong>: {entry.command ? describeCommand(w, entry.command as SiegeCommand) : <em>{t("review.hidden")}</em>}
            <ul>
              {(entry.events as SiegeEvent[]).map((e, i) => (
                <li key={i}>{describeEvent(w, e) ?? e.type}</li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}
