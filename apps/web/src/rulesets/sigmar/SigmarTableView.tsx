/**
 * The whole Age of Sigmar table from plain data: a projection, the viewer's seat (null for
 * spectators), its legal commands and templates, the events and an `onCommand` callback. No
 * connection here: SigmarTable feeds it from `useMatch`; tests and the review feed it states made
 * by the engine. Shows the round, turn and phase, victory and command points, the measured map,
 * the muster, the pending decision, the controls (with plans dragged or clicked on the map and
 * checked with the shared rules before sending), the hand of tactics, the selected unit's
 * warscroll, the last attack stage by stage, the log and the result.
 */
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CommandTemplate } from "@fogwar/engine";
import { awaiting, catalog, query, type Pt, type SigmarCommand, type SigmarEvent, type SigmarView } from "@fogwar/sigmar";
import { SigmarMap, mapFocus, planFocus, territoryFocus } from "./SigmarMap";
import { PlanTools } from "./PlanTools";
import { Controls, type Planning } from "./Controls";
import { AttackPanel } from "./AttackPanel";
import { Muster } from "./Muster";
import { UnitCard } from "./UnitCard";
import { check, formationAt, maxFor, planOf, templateFor } from "./commands";
import { NUDGE, setUpNear } from "./placing";
import { describeEvent, endReason, warscrollName, type SigmarWords } from "./words";
import { Tip } from "./tips";
import { MapLegend } from "./MapLegend";
import { Hand } from "./Hand";
import { foldLog } from "./log";
import { Pending } from "./Pending";
import { RemovalPrompt, useRemovalMarks } from "./RemovalPrompt";
import { HowToPlayLink } from "../../help/HowToPlayLink";
import { NotifyButton, SoundToggle } from "../../table/TableChrome";
import { Later } from "../../table/Later";
import { BoardViewport, phoneZoom, type BoardFollow } from "../../table/BoardViewport";
import { ActionBar, turnLine, useFold } from "../../table/ActionBar";
import { BotNote } from "../../table/BotNote";
import { EventFeed } from "../../table/EventFeed";
import { useTurnAwareness } from "../../table/turn";
import { seatList, useSeatNamer } from "../../table/names";
import { useMatchEndShown } from "../../table/match-end-shown";
import type { TableViewProps } from "../../table/view-props";
import "../../i18n/sigmar-strings";
import "../../help/RuleTip.css";
import "./table.css";

/** The Age of Sigmar table's props (../../table/view-props.ts). */
export interface SigmarTableViewProps extends TableViewProps<SigmarView, SigmarCommand, SigmarEvent> {
  /** The command templates of the seat's legal commands (a unit's choices on the map). */
  readonly templates: readonly CommandTemplate<SigmarCommand>[];
  /** Review mode: no controls. */
  readonly readOnly?: boolean;
}

export function SigmarTableView({ view, seat, legal, templates, onCommand, events, banner, notice, clock, abandonment, readOnly, bots }: SigmarTableViewProps) {
  const { t, i18n } = useTranslation("sigmar");
  const name = useSeatNamer(view.seats);
  const w: SigmarWords = { t, language: i18n.language, name };
  const [selected, setSelected] = useState<string | null>(null);
  const [planning, setPlanning] = useState<Planning | null>(null);
  // The last plan the table made itself (a suggestion, a suggested placement's button), brought into sight.
  const [shownPlan, setShownPlan] = useState<BoardFollow | null>(null);
  const waiting = awaiting(view as never);
  const mine = seat !== null && waiting.includes(seat);
  // On a phone the bar folds while the viewer only waits, and while a plan stands on the map (../../table/ActionBar.tsx).
  const fold = useFold(!mine || planning !== null);
  // While the viewer sets up its units, its territory is brought into sight (on a phone it lies under the bar).
  const territory = !readOnly && seat && legal.some((c) => c.type === "deploy") ? territoryFocus(seat) : null;
  const follow = shownPlan ?? (territory ? { key: "deploy", at: territory } : null);
  /** A plan made by the table, not a drag: shown, and brought into sight (a phone's zoomed map may hold it out of the frame). */
  const showPlan = (made: Planning) => {
    setPlanning(made);
    if (seat) setShownPlan((last) => ({ key: `plan:${Number(last?.key.slice(5) ?? 0) + 1}`, at: planFocus(seat, made.plan.positions) }));
  };
  useTurnAwareness(mine ? (view.pending ? "decision" : "move") : null, t("title"), { you: seat ? name(seat) : undefined, waiting: seat ? waiting.map(name) : undefined });
  const send = (c: SigmarCommand) => {
    setPlanning(null);
    onCommand(c);
  };
  // Core C8: the models marked for removal (the suggestion until the owner clicks its own).
  const marks = useRemovalMarks(view);
  // Under the match-end banner (the live table) the outcome and why are the banner's.
  const endShown = useMatchEndShown();
  const removing = view.pending?.kind === "remove_models" ? view.pending : null;
  const marked = useMemo(() => new Set(marks.marked), [marks.marked]);
  // The log's lines, with pairs that say one thing folded into one (./log.ts).
  const log = useMemo(() => foldLog(events), [events]);

  // Units the seat may drag now: those a template moves.
  const draggable = useMemo(() => new Set(templates.flatMap((x) => ("unit" in x.command && view.units[x.command.unit]?.where === "field" ? [x.command.unit] : x.command.type === "place" && view.pending && "unit" in view.pending && view.units[view.pending.unit]?.where === "field" && view.pending.kind !== "place_models" && view.pending.kind !== "rally" ? [view.pending.unit] : []))), [templates, view]);
  const [dragOne, setDragOne] = useState(false);
  /** The plan of `unit`'s models at `positions`, by the template that moves it; null without one. */
  const planAt = (unit: string, positions: Pt[]): Planning | null => {
    const template = seat ? templateFor(templates, unit, planning?.command.type === "fight" ? planning.command.target : undefined) : undefined;
    const u = view.units[unit];
    if (!seat || !template || !u) return null;
    const origin = u.models.map((m) => ({ x: m.x, y: m.y }));
    return { ...planOf(w, view, seat, template.command, unit, positions, origin), max: maxFor(view, template.command, unit) };
  };
  const onDrag = (unit: string, positions: Pt[]) => {
    const made = planAt(unit, positions);
    if (made) setPlanning(made);
  };
  const onSuggest = (unit: string, positions: Pt[]) => {
    const made = planAt(unit, positions);
    if (made) showPlan(made);
  };
  // Clicks on the map place a deployment, a set-up, a returning model or a replacement.
  const onPoint = (p: Pt) => {
    if (!seat || !mine) return;
    const pending = view.pending;
    if (pending?.kind === "place_models" || pending?.kind === "rally") {
      const prior = planning?.command.type === "place" ? [...planning.command.models] : [];
      if (prior.length >= (pending.kind === "rally" ? pending.returnable : pending.count)) return;
      const positions = [...prior, p];
      setPlanning(planOf(w, view, seat, { type: "place", models: [] }, pending.unit, positions));
      return;
    }
    if (pending?.kind === "replacement") {
      const count = pending.count;
      const r = query.radiusOf({ warscroll: view.units[pending.unit]!.warscroll });
      const positions = Array.from({ length: count }, (_, i) => ({ x: p.x + (i - (count - 1) / 2) * (2 * r + 25), y: p.y })).map((q) => ({ x: Math.round(q.x), y: q.y }));
      setPlanning(planOf(w, view, seat, { type: "place", models: [] }, pending.unit, positions));
      return;
    }
    if (selected && view.units[selected] && view.units[selected]!.where !== "field") {
      const u = view.units[selected]!;
      const kind = u.where === "undeployed" ? "deploy" : "set_up";
      if (!legal.some((c) => c.type === kind && c.unit === selected)) return;
      // The legal place nearest the click (the formation slid inward from an edge), else the formation at the click, refused, saying none is near.
      const command = { type: kind, unit: selected, models: [] } as SigmarCommand;
      const near = setUpNear(view, selected, kind, p, (positions) => check(view, seat, { ...command, models: positions } as SigmarCommand) === null);
      const made = planOf(w, view, seat, command, selected, near ?? formationAt(view, selected, u.size, p));
      setPlanning(near || !made.plan.problem ? made : { ...made, plan: { ...made.plan, problem: `${made.plan.problem} ${t("move.noneNear", { inches: NUDGE / 100 })}` } });
    }
  };
  // Targets: enemy units the selected unit's commands (or a pending pick) name.
  const targets = useMemo(() => {
    const out = new Set<string>();
    for (const c of legal) {
      if ((c.type === "shoot" || c.type === "charge" || c.type === "fight") && c.unit === selected) out.add(c.target);
      if (c.type === "use_ability" && view.pending?.kind === "must_target") for (const id of c.targets) out.add(id);
    }
    return out;
  }, [legal, selected, view.pending]);
  const onUnit = (id: string) => {
    if (targets.has(id) && selected) {
      const c = legal.find((x) => (x.type === "shoot" || x.type === "charge" || (x.type === "fight" && !x.models)) && x.unit === selected && x.target === id);
      if (c && !("crits" in c && c.crits)) return send(c);
    }
    setSelected(id);
    setPlanning(null);
  };

  // A seat's reserve on its line: the viewer's own units named, another seat's counted (which they are is secret).
  const reserveWords = (s: string): string | null => {
    if (s === seat) {
      const own = ownReserves(view, s);
      return own.length > 0 ? t("yourReserves", { units: own.map((u) => warscrollName(w, u.warscroll)).join(", ") }) : null;
    }
    const hidden = hiddenReserves(view, s);
    return hidden > 0 ? t("reserves", { count: hidden }) : null;
  };

  // The round, whose turn and the phase (the stage before and after the battle), each term explained on hover and tap.
  const lastLine =
    view.phase === "battle" ? (
      <>
        <Tip t={t} tip="round">
          {t("round", { round: view.round, rounds: catalog.rules.rounds })}
        </Tip>{" "}
        · {view.active ? (view.active === seat ? t("yourTurn") : t("turnOf", { name: name(view.active) })) : ""} ·{" "}
        <Tip t={t} tip={`phase.${view.step}`} />
      </>
    ) : view.phase === "muster" || view.phase === "deployment" ? (
      <Tip t={t} tip={view.phase} />
    ) : (
      t(`stage.${view.phase}`)
    );
  return (
    // During the muster a phone shows the list builder first and the map after it (table.css): the map opened zoomed in filled the first screen and hid the form under it.
    <section className={`sigmar-table${view.phase === "muster" ? " mustering" : ""}`} aria-label={t("title")}>
      {banner}
      <header className="summary">
        <h2>
          {t("battleplan")} · <span data-phase={view.phase === "battle" ? view.step : view.phase}>{lastLine}</span>
        </h2>
        <ul className="sides">
          {view.seats.map((s, i) => {
            const reserve = reserveWords(s);
            return (
              <li key={s} className={`side side-${s}`}>
                {/* The first line explains its numbers; the second reads the same. */}
                <strong>{name(s)}</strong> · {i === 0 ? <Tip t={t} tip="vp">{t("vp", { n: view.vp[s] ?? 0 })}</Tip> : t("vp", { n: view.vp[s] ?? 0 })} ·{" "}
                {i === 0 ? <Tip t={t} tip="cp">{t("cp", { count: view.cp[s] ?? 0 })}</Tip> : t("cp", { count: view.cp[s] ?? 0 })} · {i === 0 ? <Tip t={t} tip="tactics">{t("handCount", { count: view.handCounts[s] ?? 0 })}</Tip> : t("handCount", { count: view.handCounts[s] ?? 0 })}
                {reserve && (
                  <>
                    {" "}
                    · <Tip t={t} tip="reserves">{reserve}</Tip>
                  </>
                )}
              </li>
            );
          })}
        </ul>
        <p className="rule-note">
          {t("ruleNote")} <HowToPlayLink ruleset="sigmar" newTab />
        </p>
      </header>
      {view.result && !endShown && (
        <section className="result" role="status">
          <h2>{view.result.winner ? (seat && !readOnly ? t(view.result.winner === seat ? "outcome.youWin" : "outcome.youLose") : t("outcome.winner", { seat: name(view.result.winner) })) : t("log.draw")}</h2>
          <p>{endReason(w, view.result.reason)}</p>
        </section>
      )}
      <div className="table-grid">
        <div className="board-column">
          <Later placeholder={<div className="board-placeholder" aria-busy="true" />}>
            <BoardViewport label={t("map.label")} initialZoom={phoneZoom(catalog.rules.battlefield.width, typeof window === "undefined" ? 1280 : window.innerWidth)} focus={mapFocus(view, readOnly ? null : seat)} follow={follow}>
              <SigmarMap view={view} w={w} seat={seat} selected={selected} targets={readOnly ? undefined : targets} plan={planning?.plan ?? null} draggable={readOnly || !mine ? undefined : draggable} onUnit={onUnit} onPoint={onPoint} onDrag={onDrag} dragOne={dragOne} marked={marked} pickFrom={removing && mine && !readOnly ? removing.unit : null} onModel={(_, m) => marks.toggle(m)} />
            </BoardViewport>
            <MapLegend t={t} />
          </Later>
        </div>
        <div className="side-column">
          {/* The muster has no action bar: leaving the match (claims, Concede) stands first in its place. */}
          {!readOnly && view.phase === "muster" && abandonment && <div className="leave-row">{abandonment}</div>}
          {view.phase === "muster" && <Muster w={w} view={view} seat={readOnly ? null : seat} onCommand={send} />}
          {/* Once the battle is over nothing is left to decide or wait for: no pinned bar (a lone bot line) over the attack panel. */}
          {!readOnly && view.phase !== "muster" && view.phase !== "finished" && !view.result && (
            <ActionBar
              label={t("controls.title")}
              fold={fold}
              clock={clock}
              abandonment={abandonment}
              turn={turnLine(waiting, seat, { yours: t("yourTurn"), awaiting: (seats) => t("waitingFor", { name: seatList(name, seats) }) })}
            >
              <BotNote bots={bots} waiting={waiting} />
              <Pending w={w} view={view} seat={seat} />
              {seat && mine && <RemovalPrompt w={w} view={view} seat={seat} marked={marks.marked} onReset={marks.reset} onSend={send} />}
              {seat && mine && <PlanTools view={view} w={w} unit={planning?.plan.unit ?? (view.pending && "unit" in view.pending ? view.pending.unit : selected)} planning={planning} dragOne={dragOne} onDragOne={setDragOne} onSuggest={onSuggest} onConfirm={() => planning && send(planning.command)} onCancel={() => setPlanning(null)} />}
              {notice && (
                <p className="error" role="alert">
                  ⚠ {notice}
                </p>
              )}
              {seat && mine && <Controls w={w} view={view} legal={legal} selected={selected} onSelect={setSelected} onSend={send} onPlan={showPlan} onSuggest={onSuggest} seat={seat} />}
              {seat && (
                <p className="turn-alerts">
                  <NotifyButton /> <SoundToggle />
                </p>
              )}
            </ActionBar>
          )}
          {readOnly && <Pending w={w} view={view} seat={null} />}
          {/* What a decision needs stays right under the bar: the odds and the last attack, then the selected unit. */}
          <AttackPanel w={w} view={view} events={events} allStages={readOnly} odds={seat && mine && !readOnly ? { legal, unit: selected ?? (view.pending?.kind === "riposte" ? view.pending.unit : null) } : undefined} />
          {selected && <UnitCard w={w} view={view} unit={selected} />}
          {seat && view.phase === "battle" && <Hand w={w} view={view} seat={seat} />}
          <Later>
            <EventFeed events={log} describe={(e) => (e.type === "list_reopened" ? t("log.list_reopened", { seat: name(e.seat) }) : describeEvent(w, e, view, seat))} title={w.t("log.title")} titleId="sigmar-log-title" />
          </Later>
        </div>
      </div>
    </section>
  );
}

/** A seat's units still in reserve as another viewer counts them: the count revealed, less those set up since. */
const hiddenReserves = (view: SigmarView, s: string): number =>
  (view.armies[s]?.reserves ?? 0) - Object.values(view.units).filter((u) => u.owner === s && u.id.startsWith(`${s}-r`) && u.where !== "reserve").length;

/** The seat's own units still off the battlefield in reserve (seed 003 24.1): their owner sees which they are, to bring them in. */
const ownReserves = (view: SigmarView, s: string) => Object.values(view.units).filter((u) => u.owner === s && u.where === "reserve");
