/**
 * The TRPG's controls, built from the seat's legal commands only (seed 002 3-1 actions): the
 * decision asked of the seat, the actions of the active character (a kind is chosen, then a
 * highlighted square or character on the map answers it, or the same choice from a list for
 * keyboards and screen readers; an action on a target ({@link asksFirst}), from the map or the list,
 * is shown with its odds and asks for a confirmation, and the chosen kind is cleared once a command
 * is sent, so no later click fires unasked; Cancel clears it too, back to the list of actions, the
 * bar opened again on a phone). The round-end step's delayed turns are composed in ./DelayedTurns.tsx.
 */
import { useMemo, useRef, useState } from "react";
import { actionCost, attackOdds, type ActionCommand, type TrpgCommand, type TrpgView } from "@fogwar/trpg";
import { charName, squareCode, type TrpgWords } from "./words";
import { AttackOddsPanel, ReactionOddsPanel } from "./Odds";
import { coverMark, freeStrikeKey, withCover } from "./why";
import { watchPreview } from "./TrpgMap";
import type { FreeStrikeCause } from "@fogwar/trpg";
import "../../i18n/trpg-strings";
import { useInBarSight } from "../../table/ActionBar";

/** What a command does, in words. */
export function actionLabel(w: TrpgWords, c: TrpgCommand): string {
  const { t } = w;
  switch (c.type) {
    case "move":
    case "sprint":
    case "step":
      return t(`do.${c.type}`, { at: squareCode(c.to) });
    case "shoot":
      return t(c.burst ? "do.burst" : "do.shoot", { targets: c.targets.map((id) => charName(w, id)).join(", ") }) + (c.called ? ` (${t("calledShot")})` : "");
    case "snapshot":
    case "melee":
      return t(`do.${c.type}`, { target: charName(w, c.target) }) + (c.called ? ` (${t("calledShot")})` : "");
    case "shove":
    case "heal":
    case "stabilise":
      return t(`do.${c.type}`, { target: charName(w, c.target) });
    case "suppress":
      return t("do.suppress", { at: squareCode(c.at) });
    case "overwatch":
      return t("do.overwatch", { dir: t(`dir.${c.dir}`) });
    case "delay":
      return t("do.delay", { after: charName(w, c.after) });
    case "decide":
      return t(`choice.${c.choice}`, { defaultValue: c.choice });
    case "end_round":
      return t("do.end_round");
    case "call_check":
      return c.study ? t("do.study", { who: charName(w, c.character), target: charName(w, c.study), difficulty: c.difficulty }) : t("do.call_check", { who: charName(w, c.character), stat: t(`stat.${c.stat}`), difficulty: c.difficulty });
    case "resist":
      return t(c.cold ? "do.resist_cold" : "do.resist", { who: charName(w, c.character), stat: t(`stat.${c.stat}`), modifier: c.modifier });
    default:
      return t(`do.${c.type}`);
  }
}

/**
 * The action points `c` costs the active character of the view, as the rules charge them
 * (@fogwar/trpg `actionCost`, seed 002 3-1, 3-3), or null for a command that is no action of a
 * turn (a decision, the round's end, the game master's checks) or when no turn is under way.
 */
export function costOf(w: TrpgWords, c: TrpgCommand): number | null {
  const turn = w.view.turn;
  const actor = turn ? w.view.characters[turn.actor] : undefined;
  if (!turn || !actor || ["decide", "end_round", "call_check", "resist"].includes(c.type)) return null;
  return actionCost(w.view, actor, turn, c as ActionCommand);
}

/** The cost of the commands `cs` in words: "4 AP", or "0–1 AP" when they differ (a move crossing half cover); "" when none has one. */
export function costText(w: TrpgWords, cs: readonly TrpgCommand[]): string {
  const costs = cs.map((c) => costOf(w, c)).filter((n): n is number => n !== null);
  if (costs.length === 0) return "";
  const min = Math.min(...costs);
  const max = Math.max(...costs);
  return min === max ? w.t("actions.cost", { count: min }) : w.t("actions.costRange", { min, max });
}

/** `label` followed by the cost of `cs` ("Shoot · 4 AP"), or `label` alone when they cost nothing countable. */
export function withCost(w: TrpgWords, label: string, cs: readonly TrpgCommand[]): string {
  const cost = costText(w, cs);
  return cost ? w.t("actions.withCost", { what: label, cost }) : label;
}

/** The kinds a click on the map answers, and what it picks. */
export const MAP_KINDS: Record<string, "square" | "target"> = { move: "square", sprint: "square", step: "square", suppress: "square", shoot: "target", snapshot: "target", melee: "target", shove: "target" };

/**
 * Whether a command asks before it is sent (its odds, then Confirm or Cancel): every action that
 * spends action points on a target (seed 002 3-1: a shot, snapshot, melee attack, shove, suppressive
 * fire, a heal or stabilising), whether picked on the map or from the list. Moves and actions
 * without a target are sent at once.
 */
export const asksFirst = (c: TrpgCommand): boolean => ["shoot", "snapshot", "melee", "shove", "suppress", "heal", "stabilise"].includes(c.type);

/**
 * Whether every attack of `command` by `actor` is known, from the viewer's own view, to need more
 * than a d6 can roll (seed 002 3-4: the roll must beat 6 - stat - modifiers; over 6 never comes):
 * the action points would be spent for nothing. False for other commands and for odds the view
 * cannot tell (a hidden stat block).
 */
export function cannotHit(view: TrpgView, actor: string, command: TrpgCommand): boolean {
  if (command.type !== "shoot" && command.type !== "snapshot" && command.type !== "melee") return false;
  const odds = attackOdds(view as never, actor, command);
  return odds !== null && odds.length > 0 && odds.every((o) => o.need !== null && o.need >= 6);
}

/** The value a map click gives for a command (a square `x,y` or a character `c:<id>`), or null. */
export function pickValue(c: TrpgCommand): string | null {
  if (c.type === "move" || c.type === "sprint" || c.type === "step") return `${c.to.x},${c.to.y}`;
  if (c.type === "suppress") return `${c.at.x},${c.at.y}`;
  if (c.type === "shoot") return c.targets.length === 1 ? `c:${c.targets[0]}` : null;
  if (c.type === "snapshot" || c.type === "melee" || c.type === "shove") return `c:${c.target}`;
  return null;
}

/** The state of the action builder: the chosen kind and the shot options. */
export interface Builder {
  readonly kind: string | null;
  readonly setKind: (kind: string | null) => void;
  readonly called: boolean;
  readonly setCalled: (v: boolean) => void;
  readonly burst: boolean;
  readonly setBurst: (v: boolean) => void;
  /** The legal commands the chosen kind and options leave. */
  readonly matching: readonly TrpgCommand[];
  /** What a map click answers now: value -> label (a move's with the cover its square gives). */
  readonly targets: ReadonlyMap<string, string>;
  /** The squares of `targets` with cover against every enemy in sight (`all`) or some (seed 002 3-3; the map marks them). */
  readonly covered: ReadonlyMap<string, "all" | "some">;
  /** The index in `matching` of the option the list shows. */
  readonly choice: number;
  readonly setChoice: (index: number) => void;
  /** The option the list shows now (null: the chosen kind leaves none); an overwatch's cone is drawn from it. */
  readonly listed: TrpgCommand | null;
  /** An attack picked on the map, waiting for the player's confirmation (null: none). */
  readonly picked: TrpgCommand | null;
  readonly setPicked: (c: TrpgCommand | null) => void;
  /** Clears the chosen kind, the list's option and the pick (after a command is sent, and on Cancel). */
  readonly reset: () => void;
}

export function useBuilder(w: TrpgWords, legal: readonly TrpgCommand[]): Builder {
  const [kind, setKind] = useState<string | null>(null);
  const [called, setCalled] = useState(false);
  const [burst, setBurst] = useState(false);
  const [picked, setPicked] = useState<TrpgCommand | null>(null);
  const [choice, setChoice] = useState(0);
  const kinds = new Set(legal.map((c) => c.type));
  const current = kind && kinds.has(kind as TrpgCommand["type"]) ? kind : null;
  const matching = useMemo(
    () => legal.filter((c) => c.type === current && (!("called" in c) || c.called === called) && (c.type !== "shoot" || c.burst === burst)),
    [legal, current, called, burst],
  );
  const [targets, covered] = useMemo(() => {
    const out = new Map<string, string>();
    const cover = new Map<string, "all" | "some">();
    if (!current || !MAP_KINDS[current]) return [out, cover] as const;
    for (const c of matching) {
      const v = pickValue(c);
      if (!v || out.has(v)) continue;
      out.set(v, withCover(w, actionLabel(w, c), c));
      const mark = coverMark(w, c);
      if (mark) cover.set(v, mark);
    }
    return [out, cover] as const;
  }, [matching, current, w]);
  const stillLegal = picked && matching.includes(picked) ? picked : null;
  const reset = () => (setKind(null), setPicked(null), setCalled(false), setBurst(false), setChoice(0));
  const listed = matching[Math.min(choice, matching.length - 1)] ?? null;
  return { kind: current, setKind: (k) => (setKind(k), setPicked(null), setChoice(0)), called, setCalled, burst, setBurst, matching, targets, covered, choice, setChoice, listed, picked: stillLegal, setPicked, reset };
}

/** The decision the match asks of this seat: a sentence (a free strike's with why it is offered, `cause`), the odds of what an answer rolls (./Odds.tsx), and one button per answer. */
export function DecisionPrompt({ view, w, legal, onCommand, cause }: { view: TrpgView; w: TrpgWords; legal: readonly TrpgCommand[]; onCommand: (c: TrpgCommand) => void; cause?: FreeStrikeCause | null }) {
  const p = view.pending;
  if (!p) return null;
  const who = "target" in p ? charName(w, p.target) : "character" in p ? charName(w, p.character) : "";
  const by = "overwatcher" in p ? charName(w, p.overwatcher) : "attacker" in p ? charName(w, p.attacker) : "shooter" in p ? charName(w, p.shooter) : "";
  return (
    <section className="decision" aria-label={w.t(`decision.${p.kind}.title`)}>
      <h3>{w.t(`decision.${p.kind}.title`)}</h3>
      <p>{w.t(freeStrikeKey(p.kind, "text", cause), { who, by })}</p>
      <ReactionOddsPanel w={w} pending={p} />
      {legal
        .filter((c): c is TrpgCommand & { type: "decide" } => c.type === "decide")
        .map((c) => (
          <button key={c.choice} type="button" onClick={() => onCommand(c)}>
            {actionLabel(w, c)}
          </button>
        ))}
    </section>
  );
}

const SINGLES = ["end_turn", "prone", "stand", "disengage", "brace", "conceal", "spot", "swap", "peek", "unpeek"] as const;

/** The active character's actions. */
export function ActionControls({ w, legal, builder, onCommand }: { w: TrpgWords; legal: readonly TrpgCommand[]; builder: Builder; onCommand: (c: TrpgCommand) => void }) {
  const { t } = w;
  const actor = w.view.turn?.actor ?? "";
  const send = (c: TrpgCommand) => (builder.reset(), onCommand(c));
  const me = w.view.characters[actor];
  // A picked action's Confirm is brought into sight: on a phone the bar is short and the odds above it push it out of view.
  const confirm = useRef<HTMLButtonElement>(null);
  useInBarSight(builder.picked, () => [confirm.current]);
  const kinds = [...new Set(legal.map((c) => c.type))].filter((k) => !(SINGLES as readonly string[]).includes(k) && k !== "call_check" && k !== "resist" && k !== "decide" && k !== "end_round");
  const singles = SINGLES.flatMap((k) => legal.filter((c) => c.type === k));
  const shownKinds = kinds.filter((k) => legal.some((c) => c.type === k));
  const options = builder.matching;
  const pick = builder.listed;
  const reach = builder.kind === "overwatch" ? watchPreview(w.view, pick) : null;
  // An attack that cannot hit is still the player's to make, but not the suggested button.
  const hopeless = builder.picked !== null && cannotHit(w.view, actor, builder.picked);
  // An overwatcher the other side cannot see fires without a question (docs/rules/trpg.md): said
  // while one is chosen or kept by a character that is concealed or may conceal now.
  const unasked = !!me && (me.concealed || legal.some((c) => c.type === "conceal")) && (builder.kind === "overwatch" || !!me.overwatch);
  return (
    <section className="actions keep-folded" aria-label={t("actions.title")}>
      <div className="singles">
        {singles.map((c) => (
          <button key={c.type} type="button" onClick={() => send(c)} className={c.type === "end_turn" ? "end" : undefined}>
            {c.type === "end_turn" ? actionLabel(w, c) : withCost(w, actionLabel(w, c), [c])}
          </button>
        ))}
      </div>
      {unasked && (
        <p className="hint" data-testid="trpg-overwatch-unasked">
          {t("actions.overwatchUnasked")}
        </p>
      )}
      {shownKinds.length > 0 && (
        <fieldset className="kinds">
          <legend>{t("actions.choose")}</legend>
          {shownKinds.map((k) => (
            <label key={k}>
              <input type="radio" name="trpg-kind" checked={builder.kind === k} onChange={() => builder.setKind(k)} /> {withCost(w, t(`kind.${k}`), legal.filter((c) => c.type === k))}
            </label>
          ))}
        </fieldset>
      )}
      {builder.kind && (
        <div className="builder">
          {!builder.picked && <AttackOptions w={w} legal={legal} builder={builder} />}
          {MAP_KINDS[builder.kind] && <p className="hint">{t(`actions.hint.${MAP_KINDS[builder.kind]}`)}</p>}
          {builder.picked ? (
            <div className="confirm" role="group" aria-label={t("actions.confirmTitle")}>
              <p>
                <strong>{actionLabel(w, builder.picked)}</strong>
                <br />
                <CostLeft w={w} command={builder.picked} />
              </p>
              <AttackOptions w={w} legal={legal} builder={builder} picked={builder.picked} />
              <AttackOddsPanel w={w} actor={actor} command={builder.picked} />
              {hopeless && (
                <p className="hint" role="note" data-testid="trpg-cannot-hit">
                  {t("actions.cannotHit")}
                </p>
              )}
              <button type="button" className={hopeless ? undefined : "primary"} ref={confirm} onClick={() => send(builder.picked!)}>
                {t(hopeless ? "actions.confirmAnyway" : "actions.confirm")}
              </button>{" "}
              <button type="button" className={hopeless ? "primary" : undefined} onClick={builder.reset}>
                {t("actions.cancel")}
              </button>
            </div>
          ) : options.length > 0 ? (
            <>
              <CommandChoice w={w} options={options} at={Math.min(builder.choice, options.length - 1)} onChoose={builder.setChoice} label={t("actions.list")} button={t("actions.doIt")} costs onPress={() => pick && (asksFirst(pick) ? builder.setPicked(pick) : send(pick))} />
              {pick && <AttackOddsPanel w={w} actor={actor} command={pick} />}
              {reach && (
                <p className="hint" data-testid="trpg-overwatch-reach">
                  {t("actions.overwatchReach", { dir: t(`dir.${reach.dir}`), radius: reach.radius })}
                </p>
              )}
            </>
          ) : (
            <p className="hint">{t("actions.none")}</p>
          )}
        </div>
      )}
    </section>
  );
}

/** Whom an attack aims at (a shot's targets, another attack's target), to find the same attack with another option. */
const aimOf = (c: TrpgCommand): string => (c.type === "shoot" ? c.targets.join(",") : "target" in c ? c.target : "");

/**
 * An attack's options (seed 002 3-1: a called shot; a shot's burst at the weapon's rate of fire):
 * the builder's while nothing is picked; with `picked`, those of that attack beside its odds, each
 * offered when the rules allow the same attack with it changed, a change picking that attack (on a
 * phone the bar folds while a target is picked, so the options above are out of sight there).
 */
function AttackOptions({ w, legal, builder, picked }: { w: TrpgWords; legal: readonly TrpgCommand[]; builder: Builder; picked?: TrpgCommand }) {
  const kind = picked?.type ?? builder.kind ?? "";
  const called = picked ? "called" in picked && picked.called : builder.called;
  const burst = picked ? picked.type === "shoot" && picked.burst : builder.burst;
  const other = (option: "called" | "burst"): TrpgCommand | undefined =>
    picked &&
    legal.find(
      (c) =>
        c.type === picked.type &&
        aimOf(c) === aimOf(picked) &&
        "called" in c &&
        (c.called !== called) === (option === "called") &&
        (c.type !== "shoot" || (c.burst !== burst) === (option === "burst")),
    );
  const offered = {
    called: ["shoot", "snapshot", "melee"].includes(kind) && (!picked || !!other("called")),
    burst: kind === "shoot" && (picked ? !!other("burst") : legal.some((c) => c.type === "shoot" && c.burst)),
  };
  const change = (option: "called" | "burst", on: boolean) => {
    const next = other(option);
    if (option === "called") builder.setCalled(on);
    else builder.setBurst(on);
    if (next) builder.setPicked(next);
  };
  return (
    <>
      {offered.called && (
        <label>
          <input type="checkbox" checked={called} onChange={(e) => change("called", e.target.checked)} /> {w.t("calledShotOption")}
        </label>
      )}
      {offered.burst && (
        <label>
          <input type="checkbox" checked={burst} onChange={(e) => change("burst", e.target.checked)} /> {w.t("burstOption")}
        </label>
      )}
    </>
  );
}

/** What a confirmed action costs and what it leaves: "Shoot · 4 AP (2 left after)" (seed 002 3-1). */
function CostLeft({ w, command }: { w: TrpgWords; command: TrpgCommand }) {
  const cost = costOf(w, command);
  const turn = w.view.turn;
  if (cost === null || !turn) return null;
  return (
    <span className="cost" data-testid="trpg-action-cost">
      {w.t("actions.costLeft", { what: w.t(`kind.${command.type}`), cost: w.t("actions.cost", { count: cost }), left: turn.ap - cost })}
    </span>
  );
}

/** A list of commands in words (`label`, option `at` chosen, `onChoose` given the new index; with `costs`, each with its cost in the active turn) and the button `button` that does `onPress`. */
export function CommandChoice<C extends TrpgCommand>(props: { w: TrpgWords; options: readonly C[]; at: number; onChoose: (index: number) => void; label: string; button: string; onPress: () => void; costs?: boolean }) {
  const { w, options, at, onChoose, label, button, onPress, costs } = props;
  return (
    <p>
      <label>
        {label}{" "}
        <select value={at} onChange={(e) => onChoose(Number(e.target.value))}>
          {options.map((c, i) => (
            <option key={i} value={i}>
              {costs ? withCost(w, withCover(w, actionLabel(w, c), c), [c]) : actionLabel(w, c)}
            </option>
          ))}
        </select>
      </label>{" "}
      <button type="button" onClick={onPress}>
        {button}
      </button>
    </p>
  );
}
