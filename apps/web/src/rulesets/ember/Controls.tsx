/**
 * The viewer's controls, every one built from the legal list: deployment (unit, facing, stance),
 * the activation (reboot, stance, manoeuvre, each part action with its targets, end activation),
 * the command phase's drone orders, and a fallback list of every
 * remaining legal command with a readable label.
 */
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CHOOSABLE_STANCES, catalog, type EmberCommand, type EmberView, type PartSlot } from "@fogwar/ember";
import { FACINGS, type Facing } from "@fogwar/engine";
import { commandKey, ofType, squareName, unitLabel } from "./model";
import { actionName, actVariant, describeCommand } from "./words";
import { useWords } from "./useWords";
import { DroneWhyNot, OddsLine, WhyNot, useActionHelp } from "./Explain";
import { RuleTip } from "../../help/RuleTip";
import "../../i18n/help-strings";
import "../../i18n/table-strings";

export type Mode =
  | { readonly kind: "deploy" }
  | { readonly kind: "manoeuvre" }
  | { readonly kind: "act"; readonly part: PartSlot; readonly action: string }
  | { readonly kind: "drone"; readonly drone: string; readonly order: "move" | "action" };

export type DeployStance = (typeof CHOOSABLE_STANCES)[number];

export function FacingPicker({ value, onChange, available }: { value: Facing; onChange: (f: Facing) => void; available?: ReadonlySet<Facing> }) {
  const { t } = useTranslation("table");
  return (
    <fieldset className="facing-picker">
      <legend>{t("facingLabel")}</legend>
      {FACINGS.map((f) => (
        <label key={f} className={available && !available.has(f) ? "unavailable" : undefined}>
          <input type="radio" name="facing" value={f} checked={value === f} onChange={() => onChange(f)} /> {t(`facing.${f}`)} {{ N: "↑", E: "→", S: "↓", W: "←" }[f]}
        </label>
      ))}
    </fieldset>
  );
}

/** Every legal command as a button with words (filtered, at most 120 shown). */
export function AllCommands({ view, legal, onCommand }: { view: EmberView; legal: readonly EmberCommand[]; onCommand: (c: EmberCommand) => void }) {
  const { t } = useTranslation("table");
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState("");
  const words = useWords(view);
  const LIMIT = 120;
  let shown: { c: EmberCommand; text: string }[] = [];
  if (open) {
    const f = filter.trim().toLowerCase();
    shown = legal.map((c) => ({ c, text: describeCommand(words, c) })).filter((x) => !f || x.text.toLowerCase().includes(f));
  }
  return (
    <details className="all-commands" open={open} onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>{t("actions.allLegal", { count: legal.length })}</summary>
      {open && (
        <>
          <label className="field">
            {t("actions.filter")}
            <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
          </label>
          <ul>
            {shown.slice(0, LIMIT).map(({ c, text }) => (
              <li key={commandKey(c)}>
                <button type="button" onClick={() => onCommand(c)}>
                  {text}
                </button>
              </li>
            ))}
          </ul>
          {shown.length > LIMIT && <p>{t("actions.more", { count: shown.length - LIMIT })}</p>}
        </>
      )}
    </details>
  );
}

export interface ControlsProps {
  readonly view: EmberView;
  readonly seat: string;
  readonly legal: readonly EmberCommand[];
  readonly onCommand: (c: EmberCommand) => void;
  readonly mode: Mode | null;
  readonly setMode: (m: Mode | null) => void;
  readonly deployUnit: string | null;
  readonly setDeployUnit: (id: string) => void;
  readonly stance: DeployStance;
  readonly setStance: (s: DeployStance) => void;
  readonly facing: Facing;
  readonly setFacing: (f: Facing) => void;
  readonly facings: ReadonlySet<Facing>;
  readonly giver: string | null;
  readonly setGiver: (id: string) => void;
  /** Scatter (seed 000 1.5.5): whether the board offers moves dropping on the start or the destination. */
  readonly dropAt?: "start" | "end";
  readonly setDropAt?: (at: "start" | "end") => void;
  /** Smoke (seed 000 10): the placements through the square picked on the board. */
  readonly smokeOptions?: readonly EmberCommand[];
  /**
   * Camouflaged deployment (seed 000 6.2), offered when the unit may deploy camouflaged: whether
   * it is chosen, and the marker's square once picked on the board (then the real square is).
   */
  readonly camouflage?: {
    readonly on: boolean;
    readonly set: (on: boolean) => void;
    readonly marker: { readonly x: number; readonly y: number } | null;
    readonly clearMarker: () => void;
  };
}

export function Controls(props: ControlsProps) {
  const { view, seat, legal, onCommand, mode, setMode } = props;
  const { t } = useTranslation("table");
  const words = useWords(view);
  const actionHelp = useActionHelp(view);
  const rules = catalog.data.rules;
  const sections: ReactNode[] = [];
  const u = (id: string) => unitLabel(view, id, words.name);
  // An action aimed at one's own side (an electronic support, a shield) is used on it, not an attack.
  const sideOf = (id: string) => {
    const owner = view.units.find((x) => x.id === id)?.owner;
    return owner === undefined ? undefined : (view.teams?.[owner] ?? owner);
  };
  const friendly = (unit: string, target: string) => sideOf(unit) !== undefined && sideOf(unit) === sideOf(target);

  // Deployment
  const deploys = ofType(legal, "deploy");
  if (deploys.length > 0) {
    const units = [...new Set(deploys.map((c) => c.unit))];
    const isMech = view.units.find((x) => x.id === props.deployUnit)?.kind === "mech";
    sections.push(
      <div key="deploy" className="control-group">
        <h4>{t("actions.deployTitle")}</h4>
        <p className="hint">{t("actions.deployHint")}</p>
        <fieldset>
          <legend>{t("actions.deployUnit")}</legend>
          {units.map((id) => (
            <label key={id}>
              <input type="radio" name="deploy-unit" checked={props.deployUnit === id} onChange={() => props.setDeployUnit(id)} /> {u(id)}
            </label>
          ))}
        </fieldset>
        {isMech && (
          <fieldset>
            <legend>{t("actions.deployStance")}</legend>
            {CHOOSABLE_STANCES.map((s) => (
              <label key={s}>
                <input type="radio" name="deploy-stance" checked={props.stance === s} onChange={() => props.setStance(s)} /> {t(`stance.${s}`)}
              </label>
            ))}
            <p className="hint" data-stance-effect={props.stance}>
              {t(`help:stance.${props.stance}`)}
            </p>
          </fieldset>
        )}
        <FacingPicker value={props.facing} onChange={props.setFacing} available={props.facings} />
        {props.camouflage && (
          <div className="camouflage-deploy">
            <label>
              <input type="checkbox" checked={props.camouflage.on} onChange={(e) => props.camouflage?.set(e.target.checked)} /> {t("actions.deployCamouflaged")}
            </label>
            {props.camouflage.on && (
              <p className="hint" role="status">
                {props.camouflage.marker ? t("actions.camouflageMarkerChosen", { square: squareName(props.camouflage.marker) }) : t("actions.camouflagePickMarker")}
                {props.camouflage.marker && (
                  <>
                    {" "}
                    <button type="button" onClick={props.camouflage.clearMarker}>
                      {t("actions.camouflageOtherMarker")}
                    </button>
                  </>
                )}
              </p>
            )}
          </div>
        )}
      </div>,
    );
  }

  // Activation
  const activation = view.activation;
  const ends = ofType(legal, "end_activation");
  if (activation && ends.length > 0) {
    const reboots = ofType(legal, "reboot");
    const stances = ofType(legal, "set_stance");
    const manoeuvres = ofType(legal, "manoeuvre");
    const acts = ofType(legal, "act");
    const groups = new Map<string, typeof acts>();
    for (const c of acts) {
      const k = `${c.part}:${c.action}`;
      groups.set(k, [...(groups.get(k) ?? []), c]);
    }
    sections.push(
      <div key="activation" className="control-group">
        <h4>
          <RuleTip term={t("actions.activation", { unit: u(activation.unit), timing: t(`timing.${activation.timing}`), count: activation.ticks })} help={t("help.ticks", { budget: rules.tickBudget, manoeuvre: rules.manoeuvreCost, short: rules.lengthCost.S, medium: rules.lengthCost.M })}>
            {t("actions.activation", { unit: u(activation.unit), timing: t(`timing.${activation.timing}`), count: activation.ticks })}
          </RuleTip>
        </h4>
        {reboots.length > 0 && (
          <div className="row">
            {reboots.map((c) => (
              <button key={commandKey(c)} type="button" onClick={() => onCommand(c)}>
                ⏻ {t("actions.reboot", { stance: t(`stance.${c.stance}`) })}
              </button>
            ))}
          </div>
        )}
        {stances.length > 0 && (
          <div className="row">
            {stances.map((c) => (
              <RuleTip key={commandKey(c)} term={t("actions.setStance", { stance: t(`stance.${c.stance}`) })} help={t(`help:stance.${c.stance}`)}>
                <button type="button" onClick={() => onCommand(c)}>
                  {t("actions.setStance", { stance: t(`stance.${c.stance}`) })}
                </button>
              </RuleTip>
            ))}
          </div>
        )}
        {manoeuvres.length > 0 && (
          <div className="row">
            <RuleTip term={t("actions.manoeuvre", { count: new Set(manoeuvres.map((c) => `${c.to.x},${c.to.y}`)).size })} help={t("help.manoeuvre", { cost: rules.manoeuvreCost, count: new Set(manoeuvres.map((c) => `${c.to.x},${c.to.y}`)).size })}>
              <button type="button" aria-pressed={mode?.kind === "manoeuvre"} onClick={() => setMode({ kind: "manoeuvre" })}>
                {t("actions.manoeuvre", { count: new Set(manoeuvres.map((c) => `${c.to.x},${c.to.y}`)).size })}
              </button>
            </RuleTip>
          </div>
        )}
        {[...groups.entries()].map(([k, cs]) => {
          const first = cs[0] as (typeof cs)[number];
          const name = t("actions.act", { part: t(`slot.${first.part}`), action: actionName(words, first.unit, first.part, first.action) });
          const selected = mode?.kind === "act" && mode.part === first.part && mode.action === first.action;
          const direct = cs.length === 1 && !first.target && !first.to;
          const targets = cs.filter((c) => c.target);
          return (
            <div key={k} className="row act-group">
              <RuleTip term={name} help={actionHelp(first.unit, first.part, first.action)}>
                <button
                  type="button"
                  className="act-button"
                  aria-pressed={direct ? undefined : selected}
                  onClick={() => (direct ? onCommand(first) : setMode({ kind: "act", part: first.part, action: first.action }))}
                >
                  {name}
                </button>
              </RuleTip>
              {selected && targets.length > 0 && (
                <span className="targets">
                  {t("actions.chooseTarget")}{" "}
                  {targets.map((c) => (
                    <span key={commandKey(c)} className="target-choice">
                      <button type="button" className="target-button" onClick={() => onCommand(c)}>
                        {t(c.targetPart ? "actions.resupplyTarget" : friendly(c.unit, c.target as string) ? "actions.useOn" : "actions.target", { unit: u(c.target as string) })}
                        {actVariant(words, c)}
                      </button>
                      {!friendly(c.unit, c.target as string) && <OddsLine view={view} unitId={c.unit} part={c.part} action={c.action} target={c.target as string} use={c} />}
                    </span>
                  ))}
                </span>
              )}
            </div>
          );
        })}
        {mode?.kind === "act" && acts.some((c) => c.part === mode.part && c.action === mode.action && c.drops) && props.setDropAt && (
          <fieldset>
            <legend>{t("actions.dropAt")}</legend>
            {(["start", "end"] as const).map((at) => (
              <label key={at}>
                <input type="radio" name="drop-at" checked={props.dropAt === at} onChange={() => props.setDropAt?.(at)} /> {t(at === "start" ? "actions.dropStart" : "actions.dropEnd")}
              </label>
            ))}
          </fieldset>
        )}
        {mode?.kind === "act" && acts.some((c) => c.part === mode.part && c.action === mode.action && c.squares) && (
          <div className="row smoke-options">
            <p className="hint">{t("actions.smokeHint")}</p>
            {(props.smokeOptions ?? []).map((c) => (
              <button key={commandKey(c)} type="button" onClick={() => onCommand(c)}>
                {describeCommand(words, c)}
              </button>
            ))}
          </div>
        )}
        {(mode?.kind === "manoeuvre" || (mode?.kind === "act" && acts.some((c) => c.part === mode.part && c.action === mode.action && c.to && c.facing))) && (
          <>
            <p className="hint">{t("actions.manoeuvreHint")}</p>
            <FacingPicker value={props.facing} onChange={props.setFacing} available={props.facings} />
          </>
        )}
        <WhyNot view={view} seat={seat} />
        {/* Drone orders an activation's coordination cannot give (seed 000 9.3). */}
        <DroneWhyNot view={view} seat={seat} />
        <div className="row">
          {ends.map((c) => (
            <button key={commandKey(c)} type="button" className="primary" onClick={() => onCommand(c)}>
              {t("actions.endActivation")}
            </button>
          ))}
        </div>
      </div>,
    );
  }

  // Command phase
  const droneCmds = ofType(legal, "command_drone");
  const endCommands = ofType(legal, "end_commands");
  if (droneCmds.length > 0 || endCommands.length > 0) {
    const drones = [...new Set(droneCmds.map((c) => c.drone))];
    const givers = [...new Set(droneCmds.map((c) => c.mech))];
    sections.push(
      <div key="commands" className="control-group">
        <h4>{t(view.phase === "action" ? "actions.coordinationTitle" : "actions.commandTitle")}</h4>
        {givers.length > 0 && (
          <fieldset>
            <legend>{t("actions.giver")}</legend>
            {givers.map((id) => (
              <label key={id}>
                <input type="radio" name="giver" checked={props.giver === id} onChange={() => props.setGiver(id)} /> {u(id)}
              </label>
            ))}
          </fieldset>
        )}
        {drones.map((d) => {
          const mine = droneCmds.filter((c) => c.drone === d && c.mech === props.giver);
          const moves = mine.some((c) => c.order.kind === "move");
          const attacks = mine.filter((c) => c.order.kind === "action");
          // The automaton action: its targeting logic picks the target (seed 000 1.2.1).
          const automaton = mine.filter((c) => c.order.kind === "automaton");
          return (
            <div key={d} className="row">
              <strong>{u(d)}</strong>
              {moves && (
                <button type="button" aria-pressed={mode?.kind === "drone" && mode.drone === d && mode.order === "move"} onClick={() => setMode({ kind: "drone", drone: d, order: "move" })}>
                  {t("actions.droneMove")}
                </button>
              )}
              {attacks.map((c) => (
                <button key={commandKey(c)} type="button" onClick={() => onCommand(c)}>
                  {t("actions.droneAction")}: {t("actions.target", { unit: u((c.order as { target: string }).target) })}
                </button>
              ))}
              {automaton.map((c) => (
                <button key={commandKey(c)} type="button" onClick={() => onCommand(c)}>
                  ⚙ {t("actions.droneAutomaton")}
                </button>
              ))}
            </div>
          );
        })}
        {mode?.kind === "drone" && mode.order === "move" && <FacingPicker value={props.facing} onChange={props.setFacing} available={props.facings} />}
        {view.phase === "command" && <DroneWhyNot view={view} seat={seat} />}
        {endCommands.map((c) => (
          <button key="end" type="button" className="primary" onClick={() => onCommand(c)}>
            {t("actions.endCommands")}
          </button>
        ))}
      </div>,
    );
  }

  return (
    <section className="controls" aria-labelledby="controls-title">
      <h3 id="controls-title">{t("actions.title")}</h3>
      {mode && mode.kind !== "deploy" && (
        <p>
          <button type="button" onClick={() => setMode(null)}>
            {t("actions.cancel")}
          </button>
        </p>
      )}
      {sections.length === 0 && view.pending?.seat !== seat && <p>{t(view.phase === "plan" && legal.length > 0 ? "actions.planAbove" : "actions.notYourTurn")}</p>}
      {sections}
      {legal.length > 0 && <AllCommands view={view} legal={legal} onCommand={onCommand} />}
    </section>
  );
}
