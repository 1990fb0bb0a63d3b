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
import { SigmarMap, mapFocus, territoryFocus, type MapPlan } from "./SigmarMap";
import { MoveTools, SuggestPlacement, pendingMove } from "./MoveTools";
import { AttackPanel } from "./AttackPanel";
import { Muster } from "./Muster";
import { UnitCard } from "./UnitCard";
import { commandText, formationAt, maxFor, planOf, rulerText, templateFor } from "./commands";
import { describeEvent, endReason, unitName, type SigmarWords } from "./words";
import { Tip } from "./tips";
import { MapLegend } from "./MapLegend";
import { Hand } from "./Hand";
import { whyNot } from "./why";
import { ReadyList } from "./ready";
import { UnitButtons } from "./UnitButtons";
import { foldLog } from "./log";
import { StonesOrder } from "./Stones";
import { AbilityChoice, FORM_AT, abilityGroups } from "./AbilityChoice";
import { Pending } from "./Pending";
import { RemovalPrompt, useRemovalMarks } from "./RemovalPrompt";
import { ROW_TYPES, shortText } from "./rows";
import { HowToPlayLink } from "../../help/HowToPlayLink";
import { NotifyButton, SoundToggle } from "../../table/TableChrome";
import { Later } from "../../table/Later";
import { BoardViewport, phoneZoom } from "../../table/BoardViewport";
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
import { useAidsShown } from "../../table/aids";

/** The Age of Sigmar table's props (../../table/view-props.ts). */
export interface SigmarTableViewProps extends TableViewProps<SigmarView, SigmarCommand, SigmarEvent> {
  /** The command templates of the seat's legal commands (a unit's choices on the map). */
  readonly templates: readonly CommandTemplate<SigmarCommand>[];
  /** Review mode: no controls. */
  readonly readOnly?: boolean;
}

/** A plan being made on the map, and the command it would send. */
interface Planning {
  readonly plan: MapPlan;
  readonly command: SigmarCommand;
  readonly max?: number;
}

export function SigmarTableView({ view, seat, legal, templates, onCommand, events, banner, notice, clock, abandonment, readOnly, bots }: SigmarTableViewProps) {
  const { t, i18n } = useTranslation("sigmar");
  const name = useSeatNamer(view.seats);
  const w: SigmarWords = { t, language: i18n.language, name };
  const [selected, setSelected] = useState<string | null>(null);
  const [planning, setPlanning] = useState<Planning | null>(null);
  const waiting = awaiting(view as never);
  const mine = seat !== null && waiting.includes(seat);
  // On a phone the bar folds while the viewer only waits (../../table/ActionBar.tsx).
  const fold = useFold(!mine);
  // While the viewer sets up its units, its territory is brought into sight (on a phone it lies under the bar).
  const territory = !readOnly && seat && legal.some((c) => c.type === "deploy") ? territoryFocus(seat) : null;
  const follow = territory ? { key: "deploy", at: territory } : null;
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
  const onDrag = (unit: string, positions: Pt[], phase: "move" | "end") => {
    if (!seat) return;
    const template = templateFor(templates, unit, planning?.command.type === "fight" ? planning.command.target : undefined);
    const u = view.units[unit];
    if (!template || !u) return;
    const origin = u.models.map((m) => ({ x: m.x, y: m.y }));
    const made = planOf(w, view, seat, template.command, unit, positions, origin);
    setPlanning({ ...made, max: maxFor(view, template.command, unit) });
    void phase;
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
      setPlanning(planOf(w, view, seat, { type: kind, unit: selected, models: [] }, selected, formationAt(view, selected, u.size, p)));
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
    <section className="sigmar-table" aria-label={t("title")}>
      {banner}
      <header className="summary">
        <h2>
          {t("battleplan")} · <span data-phase={view.phase === "battle" ? view.step : view.phase}>{lastLine}</span>
        </h2>
        <ul className="sides">
          {view.seats.map((s, i) => (
            <li key={s} className={`side side-${s}`}>
              {/* The first line explains its numbers; the second reads the same. */}
              <strong>{name(s)}</strong> · {i === 0 ? <Tip t={t} tip="vp">{t("vp", { n: view.vp[s] ?? 0 })}</Tip> : t("vp", { n: view.vp[s] ?? 0 })} ·{" "}
              {i === 0 ? <Tip t={t} tip="cp">{t("cp", { count: view.cp[s] ?? 0 })}</Tip> : t("cp", { count: view.cp[s] ?? 0 })} · {i === 0 ? <Tip t={t} tip="tactics">{t("handCount", { count: view.handCounts[s] ?? 0 })}</Tip> : t("handCount", { count: view.handCounts[s] ?? 0 })}
              {s !== seat && hiddenReserves(view, s) > 0 && (
                <>
                  {" "}
                  · <Tip t={t} tip="reserves">{t("reserves", { count: hiddenReserves(view, s) })}</Tip>
                </>
              )}
            </li>
          ))}
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
          {mine && !readOnly && <MoveTools view={view} w={w} unit={planning?.plan.unit ?? (view.pending && "unit" in view.pending ? view.pending.unit : selected)} dragOne={dragOne} onDragOne={setDragOne} onSuggest={(u, to) => onDrag(u, to, "end")} />}
          <Later placeholder={<div className="board-placeholder" aria-busy="true" />}>
            <BoardViewport label={t("map.label")} initialZoom={phoneZoom(catalog.rules.battlefield.width, typeof window === "undefined" ? 1280 : window.innerWidth)} focus={mapFocus(view, readOnly ? null : seat)} follow={follow}>
              <SigmarMap view={view} w={w} seat={seat} selected={selected} targets={readOnly ? undefined : targets} plan={planning?.plan ?? null} draggable={readOnly || !mine ? undefined : draggable} onUnit={onUnit} onPoint={onPoint} onDrag={onDrag} dragOne={dragOne} marked={marked} pickFrom={removing && mine && !readOnly ? removing.unit : null} onModel={(_, m) => marks.toggle(m)} />
            </BoardViewport>
            <MapLegend t={t} />
          </Later>
          {planning && (
            <p className={`ruler-line ${planning.plan.problem ? "illegal" : "legal"}`} role="status">
              {rulerText(w, planning.plan, planning.max)} {planning.plan.problem ? t("ruler.illegal", { reason: planning.plan.problem }) : t("ruler.legal")}{" "}
              {!planning.plan.problem && (
                <button type="button" className="primary" onClick={() => send(planning.command)}>
                  {t("controls.place")}
                </button>
              )}{" "}
              <button type="button" onClick={() => setPlanning(null)}>
                {t("controls.cancel")}
              </button>
            </p>
          )}
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
              {notice && (
                <p className="error" role="alert">
                  ⚠ {notice}
                </p>
              )}
              {seat && mine && <Controls w={w} view={view} legal={legal} selected={selected} onSelect={setSelected} onSend={send} onPlan={(p) => setPlanning(p)} onSuggest={(u, to) => onDrag(u, to, "end")} seat={seat} />}
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

/** The seat's commands as buttons: the selected unit's first, then the rest by kind. */
function Controls({ w, view, legal, selected, onSelect, onSend, onPlan, onSuggest, seat }: { w: SigmarWords; view: SigmarView; legal: readonly SigmarCommand[]; selected: string | null; onSelect: (id: string) => void; onSend: (c: SigmarCommand) => void; onPlan: (p: Planning) => void; onSuggest: (unit: string, to: Pt[]) => void; seat: string }) {
  const t = w.t;
  const aids = useAidsShown();
  const unitOf = (c: SigmarCommand) => ("unit" in c ? c.unit : null);
  const button = (c: SigmarCommand, i: number, all: readonly SigmarCommand[], short = false) => {
    const hasModels = "models" in c && Array.isArray(c.models);
    // Several places for one unit's move, deployment or set-up: numbered suggestions.
    const same = hasModels && (c.type === "deploy" || c.type === "move" || c.type === "set_up") ? all.filter((x) => x.type === c.type && "unit" in x && x.unit === c.unit) : [];
    const text = short ? shortText(w, view, c) : commandText(w, view, c);
    // A place with positions opens them as a plan on the map (its confirm button stands in the ruler line).
    const label = same.length > 0 ? t("controls.suggested", { unit: text, n: same.indexOf(c) + 1 }) : c.type === "place" && c.models.length > 0 ? t("controls.showPlace") : text;
    const Wrap = short ? "span" : "li";
    return (
      <Wrap key={i}>
        <button
          type="button"
          className={c.type === "end_phase" ? "end-phase" : ""}
          onClick={() => {
            if (hasModels && c.type !== "fight") {
              const unit = unitOf(c) ?? (view.pending && "unit" in view.pending ? view.pending.unit : "");
              const u = view.units[unit];
              const origin = u && u.where === "field" && c.type !== "place" ? u.models.map((m) => ({ x: m.x, y: m.y })) : undefined;
              const made = planOf(w, view, seat, c, unit, [...(c as { models: Pt[] }).models], origin && origin.length === (c as { models: Pt[] }).models.length ? origin : undefined);
              onPlan({ ...made, max: maxFor(view, c, unit) });
            } else onSend(c);
          }}
        >
          {label}
        </button>
      </Wrap>
    );
  };
  if (view.phase === "deployment") {
    const units = [...new Set(legal.flatMap((c) => (c.type === "deploy" ? [c.unit] : [])))];
    return (
      <div className="controls">
        <h3>
          <Tip t={t} tip="deployment">
            {t("deploy.toDeploy")}
          </Tip>
        </h3>
        <UnitButtons w={w} view={view} units={units} selected={selected} onSelect={onSelect} />
        {selected && units.includes(selected) && (
          <>
            <p>{t("deploy.prompt", { unit: unitName(w, view, selected) })}</p>
            <ul className="command-list">{legal.filter((c) => c.type === "deploy" && c.unit === selected).map((c, i, all) => button(c, i, all))}</ul>
          </>
        )}
      </div>
    );
  }
  const forUnit = legal.filter((c) => selected && unitOf(c) === selected && c.type !== "command" && c.type !== "use_ability");
  const abilities = legal.filter((c) => c.type === "use_ability");
  const cards = legal.filter((c) => c.type === "play_card");
  // Core C14: a window's reactions are all shown (the offer), whichever unit is selected.
  const commands = legal.filter((c) => c.type === "command" && (!selected || c.unit === selected || view.pending?.kind === "phase_window"));
  // With no unit selected, each unit's moves, shots, charges and fights make one compact row.
  const grouped = selected ? [] : legal.filter((c) => unitOf(c) !== null && ROW_TYPES.has(c.type));
  const rows = [...new Set(grouped.map((c) => unitOf(c)!))];
  // A pending decision's answers all stand, whichever unit is selected (a riposte's fight is its unit's, not the selected one's).
  const rest = legal.filter((c) => !forUnit.includes(c) && !grouped.includes(c) && c.type !== "remove_models" && c.type !== "use_ability" && c.type !== "play_card" && c.type !== "command" && (c.type === "end_phase" || c.type === "decline" || c.type === "place" || c.type === "order" || !selected || view.pending !== null));
  const why = aids && selected && forUnit.length === 0 ? whyNot(view, seat, selected, legal) : null;
  // A pending charge, run or retreat: its unit, whose best placement the bar offers beside the prompt.
  const moving = view.pending && "unit" in view.pending && pendingMove(view, view.pending.unit) ? view.pending.unit : null;
  const reserves = Object.values(view.units).filter((u) => u.owner === seat && u.where === "reserve" && legal.some((c) => c.type === "set_up" && c.unit === u.id));
  return (
    <div className="controls">
      {!selected && view.step !== "combat" && <p className="hint">{t("controls.selectUnit")}</p>}
      {(view.step === "movement" || view.pending?.kind === "run_move" || view.pending?.kind === "charge_move" || view.step === "combat") && (
        <p className="hint">
          {t("controls.dragHint")} <Tip t={t} tip="ruler" /> · <Tip t={t} tip="coherency" /> · <Tip t={t} tip={view.step === "combat" ? "pileIn" : "combatRange"} />
        </p>
      )}
      {legal.some((c) => c.type === "retreat" && (!selected || c.unit === selected)) && (
        <p className="hint retreat-why">
          {t("controls.retreatWhy")} <Tip t={t} tip="retreat" />
        </p>
      )}
      {moving && (
        <p className="suggest-row">
          <SuggestPlacement view={view} w={w} unit={moving} onSuggest={onSuggest} />
        </p>
      )}
      <ReadyList w={w} view={view} seat={seat} legal={legal} selected={selected} onSelect={onSelect} reasons={aids} />
      {forUnit.length > 0 && <ul className="command-list unit-commands">{forUnit.map((c, i, all) => button(c, i, all))}</ul>}
      {why && (
        <p className="why-not" role="note">
          <strong>{t("why.title", { unit: unitName(w, view, selected!) })}</strong> {t(`why.${why.key}`, why.values ?? {})}
        </p>
      )}
      {rows.length > 0 && (
        <ul className="unit-rows">
          {rows.map((id) => (
            <li key={id} className="unit-row">
              <button type="button" className="unit-name" onClick={() => onSelect(id)}>
                {unitName(w, view, id)}
              </button>{" "}
              {grouped.filter((c) => unitOf(c) === id).map((c, i, all) => button(c, i, all, true))}
            </li>
          ))}
        </ul>
      )}
      {reserves.length > 0 && (
        <UnitButtons w={w} view={view} units={reserves.map((u) => u.id)} selected={selected} onSelect={onSelect} label={(unit) => t("controls.setUp", { unit })} />
      )}
      <StonesOrder w={w} view={view} />
      {rest.length > 0 && <ul className="command-list">{rest.map((c, i, all) => button(c, i, all))}</ul>}
      {abilities.length > 0 && (
        <details open={view.pending?.kind === "must_target" || view.pending?.kind === "phase_window"}>
          <summary>{t("controls.abilities")}</summary>
          <p className="hint">
            <Tip t={t} tip="abilities" /> · <Tip t={t} tip="order" />
          </p>
          {/* A unit's ability with many combinations of targets is one form; the others stay buttons. */}
          {abilityGroups(abilities).map((group) =>
            group.length >= FORM_AT ? (
              <AbilityChoice key={`${group[0]!.unit}:${group[0]!.ability}`} w={w} view={view} group={group} onSend={onSend} />
            ) : (
              <ul key={`${group[0]!.unit}:${group[0]!.ability}`} className="command-list">
                {group.map((c, i, all) => button(c, i, all))}
              </ul>
            ),
          )}
        </details>
      )}
      {commands.length > 0 && (
        <details open={view.pending?.kind === "phase_window"}>
          <summary>{t("controls.commands")}</summary>
          <p className="hint">
            <Tip t={t} tip="cp" /> · <Tip t={t} tip="pressForward" /> · <Tip t={t} tip="holdFirm" /> · <Tip t={t} tip="counterCharge" /> · <Tip t={t} tip="rally" />
          </p>
          <ul className="command-list">{commands.map((c, i, all) => button(c, i, all))}</ul>
        </details>
      )}
      {cards.length > 0 && (
        <details>
          <summary>{t("controls.cards")}</summary>
          <p className="hint">
            <Tip t={t} tip="tactics" />
          </p>
          <ul className="command-list">{cards.map((c, i, all) => button(c, i, all))}</ul>
        </details>
      )}
    </div>
  );
}
