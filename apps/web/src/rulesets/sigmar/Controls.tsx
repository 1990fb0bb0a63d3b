/**
 * The seat's commands in the Age of Sigmar table's action bar (SigmarTableView.tsx): the selected
 * unit's first, then a compact row per unit, reserves to set up, the rest by kind, abilities,
 * commands and cards. A command with positions (a move, a deployment, a set-up suggested by the
 * rules) opens them as a plan on the map, confirmed in the bar (./PlanTools.tsx).
 */
import type { Pt, SigmarCommand, SigmarView } from "@fogwar/sigmar";
import type { MapPlan } from "./SigmarMap";
import { SuggestPlacement, pendingMove } from "./MoveTools";
import { commandText, maxFor, planOf } from "./commands";
import { unitName, type SigmarWords } from "./words";
import { SIGMAR_NUMBERS, Tip } from "./tips";
import { whyNot } from "./why";
import { ReadyList } from "./ready";
import { UnitButtons } from "./UnitButtons";
import { StonesOrder } from "./Stones";
import { AbilityChoice, FORM_AT, abilityGroups } from "./AbilityChoice";
import { ROW_TYPES, shortText } from "./rows";
import { useAidsShown } from "../../table/aids";

/** A plan being made on the map, and the command it would send. */
export interface Planning {
  readonly plan: MapPlan;
  readonly command: SigmarCommand;
  readonly max?: number;
}

/** The seat's commands as buttons: the selected unit's first, then the rest by kind. */
export function Controls({ w, view, legal, selected, onSelect, onSend, onPlan, onSuggest, seat }: { w: SigmarWords; view: SigmarView; legal: readonly SigmarCommand[]; selected: string | null; onSelect: (id: string) => void; onSend: (c: SigmarCommand) => void; onPlan: (p: Planning) => void; onSuggest: (unit: string, to: Pt[]) => void; seat: string }) {
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
  // Seed 003 24.1: a reserve unit picked to arrive is set up, not dragged from anywhere: the prompt says where it may stand.
  const arriving = selected && reserves.some((u) => u.id === selected) ? selected : null;
  return (
    <div className="controls">
      {!selected && view.step !== "combat" && <p className="hint">{t("controls.selectUnit")}</p>}
      {arriving ? (
        <p className="hint set-up-prompt">
          {t("controls.setUpPrompt", { unit: unitName(w, view, arriving), edge: SIGMAR_NUMBERS.reserveEdge, enemy: SIGMAR_NUMBERS.reserveEnemyDistance })} <Tip t={t} tip="reserves" />
        </p>
      ) : (view.step === "movement" || view.pending?.kind === "run_move" || view.pending?.kind === "charge_move" || view.step === "combat") && (
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
