/**
 * What helps a Siege player decide (seed 004_cb264102299fbb71.txt): the odds of a shot before it
 * is rolled (`shotOdds` of the viewer's own projection), why an action is missing, a confirmation
 * before an action that cannot be taken back (a breach), the standing reaction preferences
 * (prefs.ts) with the note shown when one answered a prompt, an operator's abilities and
 * loadout for the secret pick, and why a walk stopped on its way.
 */
import { useState } from "react";
import { catalog, shotOdds, type Operator, type ShotOdds, type SiegeCommand, type SiegeEvent, type SiegeView } from "@fogwar/siege";
import { describeCommand } from "./sentences";
import { describeEvent, diceWords, gadgetEffect, gadgetName, localName, opName, placeName, sourceName, type NamingView, type SiegeWords } from "./words";
import type { WalkStop } from "./walk";
import type { AutoReason, ReactionPrefs } from "./prefs";
import { useAidsShown } from "../../table/aids";
import { num, OddsWhy, pct } from "./ShotOdds";


/**
 * Where a shot waiting on a reroll stands if its dice are kept (seed 004 "사격" 3-5: the dice's sum
 * less the protection is the damage; the reroll tokens): the total, the protection, the damage and
 * the target's health left, or that the damage takes the target down, so the team sees whether a
 * token is worth spending. Null when no reroll question is open.
 */
export function rerollStanding(w: SiegeWords, view: SiegeView): string | null {
  const kept = keptRoll(view);
  if (!kept) return null;
  const key = kept.down ? "pending.rerollDown" : kept.noGain ? "pending.rerollNoGain" : "pending.rerollNow";
  return w.t(key, { ...kept, target: opName(w, kept.target) });
}

/**
 * The open reroll question's shot if its dice are kept (seed 004 "사격" 3-5): total, protection,
 * damage, the target's health left, the most the dice could sum to (`best`: each on its highest
 * face); `down` when the damage takes the target down, `noGain` when no reroll can do more damage
 * (`best` less the protection is no more than the kept damage). Null without a reroll question.
 */
function keptRoll(view: SiegeView) {
  const p = view.pending;
  if (p?.kind !== "reroll") return null;
  const total = p.dice.reduce((sum, d) => sum + d.value, 0);
  const damage = Math.max(0, total - p.protection);
  const health = Math.max(0, (catalog.operators.get(p.target)?.health ?? 0) - (view.operators[p.target]?.damage ?? 0));
  const best = p.dice.reduce((sum, d) => sum + Math.max(...catalog.data.dice[d.colour]), 0);
  return { total, protection: p.protection, damage, health, target: p.target, best, down: damage >= health, noGain: best - p.protection <= damage };
}

/**
 * Whether keeping the open reroll question's dice is the better answer (seed 004 "사격" 3-5 and the
 * reroll tokens): they already take the target down (the damage reaches its health left), or no
 * reroll can do more damage (even every die on its highest face, less the protection, is no more
 * than the kept damage), so a token would be spent for nothing.
 */
export const keepIsBetter = (view: SiegeView): boolean => {
  const kept = keptRoll(view);
  return kept !== null && (kept.down || kept.noGain);
};

/** One shot's odds in words: how they are made ({@link OddsWhy}: the number to beat, the dice and their sources), then the chance to hurt, expected damage, the chance to kill. */
export function OddsLine({ odds, w }: { odds: ShotOdds; w: SiegeWords }) {
  return (
    <div className="odds" data-odds-target={opName(w, odds.target)}>
      <OddsWhy odds={odds} w={w} />
      <p className="odds-result">{w.t("odds.result", { hit: pct(odds.hit), expected: num(odds.expected), health: odds.healthLeft, kill: pct(odds.kill) })}</p>
    </div>
  );
}

/** The odds of every shot `pairs` lists ([shooter, target]) that the rules allow on the viewer's view. */
export function OddsPanel({ view, pairs, w }: { view: SiegeView; pairs: readonly (readonly [string, string])[]; w: SiegeWords }) {
  if (!useAidsShown()) return null;
  const all = pairs.map(([a, b]) => shotOdds(view, a, b)).filter((o): o is ShotOdds => o !== null);
  if (all.length === 0) return null;
  return (
    <section className="odds-panel" aria-label={w.t("odds.title")}>
      <h4>{w.t("odds.title")}</h4>
      {all.map((o) => (
        <OddsLine key={`${o.shooter}>${o.target}`} odds={o} w={w} />
      ))}
    </section>
  );
}

const ACTION_KINDS = ["shoot", "breach", "gadget", "special", "run", "watch", "reveal"] as const;

/** Why each action of the acting operator is missing now, in words (seed 004 "오퍼레이터 활성화", "사격", "파괴"). */
export function whyMissing(view: SiegeView, legal: readonly SiegeCommand[], w: SiegeWords): { kind: string; why: string }[] {
  const a = view.activation;
  if (!a || view.pending) return [];
  const op = view.operators[a.operator];
  const profile = catalog.operators.get(a.operator);
  if (!op || !profile) return [];
  const have = new Set(legal.map((c) => c.type));
  const max = catalog.data.rules.actionsPerActivation;
  const out: { kind: string; why: string }[] = [];
  for (const kind of ACTION_KINDS) {
    if (have.has(kind)) continue;
    if (kind === "reveal" && !op.hidden) continue;
    const name = opName(w, op.id);
    let why: string;
    // A passive special (Bulwark's Brace) is never an action: it is always on (seed 004 "특수 도구 사용": only gadgets with the action mark are actions).
    if (kind === "special" && profile.special.kind === "passive") why = w.t("why.passive", { gadget: gadgetName(w, profile.special.id) });
    else if (op.hidden && kind !== "run" && kind !== "watch") why = w.t("why.hidden", { op: name });
    else if ((a.actions as readonly string[]).includes(kind)) why = w.t("why.used", { op: name });
    else if (kind !== "reveal" && a.actions.length >= max) why = w.t("why.noActions", { op: name, max });
    else if (kind === "shoot") why = w.t("why.noTarget", { op: name });
    else if (kind === "breach") why = w.t("why.noBreach", { op: name, colour: w.t(`colour.${profile.breach}`) });
    else if (kind === "special") why = op.specialUses <= 0 ? w.t("why.noUses", { gadget: gadgetName(w, profile.special.id) }) : w.t("why.noSpecialTarget", { gadget: gadgetName(w, profile.special.id) });
    else if (kind === "gadget") why = Object.values(view.inventory[op.team] ?? {}).some((n) => n > 0) ? w.t("why.noGadgetPlace") : w.t("why.noGadgets");
    else if (kind === "run") why = profile.run === null ? w.t("why.cannotRun", { op: name }) : w.t("why.notNow");
    else why = w.t("why.notNow");
    out.push({ kind, why });
  }
  return out;
}

/** The list of missing actions with their reasons. */
export function WhyNot({ view, legal, w }: { view: SiegeView; legal: readonly SiegeCommand[]; w: SiegeWords }) {
  const shown = useAidsShown();
  const list = shown ? whyMissing(view, legal, w) : [];
  if (list.length === 0) return null;
  return (
    <details className="why-not">
      <summary>{w.t("why.title", { count: list.length })}</summary>
      <ul>
        {list.map((x) => (
          <li key={x.kind} data-why={x.kind}>
            <strong>{w.t(`cmd.${x.kind}`)}</strong>: {x.why}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The commands that ask before they are sent: they cannot be taken back (seed 004 "파괴": a breach opens a wall for good). */
export const CONFIRM_FIRST: ReadonlySet<SiegeCommand["type"]> = new Set(["breach"]);

/**
 * Why a command cannot be taken back, in a sentence: a breach of a wall, door or window opens it
 * for good; a breach of a gadget destroys it (seed 004 "파괴": a broken gadget goes back to the
 * box); any other such command says only that it is final.
 */
function confirmHint(command: SiegeCommand, view: SiegeView, w: SiegeWords): string {
  if (command.type === "breach" && !(command.target in view.partitions)) return w.t("confirm.breachGadget");
  return w.t(`confirm.${command.type}`, { defaultValue: w.t("confirm.final") });
}

/** The confirmation of a command that cannot be taken back: what it does in a sentence, then confirm or cancel. */
export function ConfirmStep({ command, view, w, onConfirm, onCancel }: { command: SiegeCommand; view: SiegeView; w: SiegeWords; onConfirm: () => void; onCancel: () => void }) {
  return (
    <div className="confirm-step" role="alertdialog" aria-label={w.t("confirm.title")}>
      <p>
        <strong>{describeCommand(w, command, view)}</strong>
      </p>
      <p className="hint">{confirmHint(command, view, w)}</p>
      <p>
        <button type="button" className="primary" data-confirm="yes" onClick={onConfirm}>
          {w.t("confirm.yes")}
        </button>{" "}
        <button type="button" data-confirm="no" onClick={onCancel}>
          {w.t("confirm.no")}
        </button>
      </p>
    </div>
  );
}

/** The standing reaction preferences of this browser, as checkboxes (see ./prefs.ts for why there is only one). */
export function PrefsPanel({ prefs, onChange, w, open }: { prefs: ReactionPrefs; onChange: (p: ReactionPrefs) => void; w: SiegeWords; open?: boolean }) {
  const [shown, setShown] = useState(open ?? false);
  return (
    <details className="reaction-prefs" open={shown} onToggle={(e) => setShown((e.target as HTMLDetailsElement).open)}>
      <summary>{w.t("prefs.title")}</summary>
      <p className="hint">{w.t("prefs.explain")}</p>
      <label className="check">
        <input type="checkbox" checked={prefs.skipMoves} onChange={(e) => onChange({ ...prefs, skipMoves: e.target.checked })} data-pref="skipMoves" /> {w.t("prefs.skipMoves")}
      </label>
      <p className="hint">{w.t("prefs.why")}</p>
    </details>
  );
}

/** The note that a prompt was answered by a preference, with a way to change the preferences. */
export function AutoNote({ reason, what, w, onChange }: { reason: AutoReason; what: string; w: SiegeWords; onChange: () => void }) {
  return (
    <p className="auto-note" role="status">
      {w.t("prefs.answered", { what, reason: w.t(`prefs.reason.${reason}`) })}{" "}
      <button type="button" className="link" onClick={onChange}>
        {w.t("prefs.change")}
      </button>
    </p>
  );
}

/**
 * What the weapon bands' dice mean (seed 004 "능력", 무기: a yellow die deals about 1 damage, orange
 * 1.5, red 2; a die with the lightning mark is not rolled against a target with protection), the
 * averages from the rules' dice.
 */
export function DiceKey({ w }: { w: SiegeWords }) {
  const { yellow, orange, red } = catalog.data.dice;
  const mean = (faces: readonly number[]) => num(faces.reduce((a, n) => a + n, 0) / faces.length);
  return <p className="hint dice-key">{w.t("card.diceKey", { yellow: mean(yellow), orange: mean(orange), red: mean(red) })}</p>;
}

/** An operator's abilities and loadout for the pick (seed 004 "오퍼레이터", "능력"). */
export function OperatorCard({ op, w }: { op: Operator; w: SiegeWords }) {
  const bands = op.weapon.bands.map((b, i) => {
    const from = i === 0 ? 1 : (op.weapon.bands[i - 1]!.upTo + 1);
    const range = b.upTo >= 99 ? w.t("card.rangeFrom", { from }) : from === b.upTo ? w.t("card.rangeOne", { count: from }) : w.t("card.range", { from, to: b.upTo });
    return `${range}: ${b.dice.map((d) => w.t(`colour.${d.colour}`) + (d.lightning ? "⚡" : "")).join(" + ")}`;
  });
  return (
    <span className="op-card">
      <span>{w.t("card.stats", { health: op.health, run: op.run === null ? w.t("card.noRun") : w.t("card.run", { n: op.run }), breach: w.t(`colour.${op.breach}`) })}</span>
      {op.shield && <span> · {w.t("card.shield")}</span>}
      <br />
      <span>
        {localName(w, op.weapon.name)}: {bands.join("; ")}
      </span>
      <br />
      <span>
        {w.t(op.special.kind === "passive" ? "card.specialPassive" : "card.special", { name: localName(w, op.special.name), count: op.special.uses, what: w.t(`card.kind.${op.special.kind}`, { range: catalog.data.rules.throwRange }) })}
        {/* A special that works as a tactical gadget (seed 004 "특수 도구 사용": the same rules) says what that gadget does. */}
        {op.special.effect && <span className="gadget-effect"> ({gadgetName(w, op.special.effect)}: {gadgetEffect(w, op.special.effect)})</span>}
      </span>
    </span>
  );
}

/**
 * Why a walk stopped before its square (seed 004 "이동": each step is its own command, so a camera's
 * ping, a reveal, a reaction or barbed wire may end it): where it stopped and the events there.
 */
export function WalkStopped({ stop, view, w }: { stop: WalkStop; view: SiegeView; w: SiegeWords }) {
  const what = stop.events.map((e) => describeEvent(w, e, view)).filter((x): x is string => x !== null);
  return (
    <p className="walk-stopped" role="status">
      {w.t("walk.stopped", { to: placeName(w, stop.to, view.map), at: placeName(w, stop.at, view.map), n: stop.n, total: stop.total })} {what.length > 0 ? what.join(" ") : w.t("walk.stoppedWhy")}
    </p>
  );
}

/** A shot or a gadget's blast on an operator, as the log records it. */
export type ShotEvent = Extract<SiegeEvent, { type: "shot" }>;

/**
 * The match's newest shot or blast (seed 004 "사격" 3-5, "전술 도구"), and whether it is recent: made
 * in the activation under way or in the one just before it, whose outcome the next decision turns on.
 */
export function newestShot(events: readonly { readonly events: readonly SiegeEvent[] }[]): { shot: ShotEvent; recent: boolean } | null {
  let activations = 0;
  for (let i = events.length - 1; i >= 0; i--) {
    const batch = events[i]!.events;
    for (let j = batch.length - 1; j >= 0; j--) {
      const e = batch[j]!;
      if (e.type === "shot") return { shot: e, recent: activations <= 1 };
      if (e.type === "activated") activations++;
    }
  }
  return null;
}

/** A shot's outcome in words: shooter (or the gadget whose blast it was), target, distance, protection and damage. */
export function shotWords(w: SiegeWords, shot: ShotEvent, naming: NamingView): string {
  const args = { shooter: sourceName(w, shot.shooter, naming), target: opName(w, shot.target), distance: shot.distance, protection: shot.protection, damage: shot.damage };
  return w.t(catalog.operators.has(shot.shooter) ? "dice.shot" : "dice.blast", args);
}

/**
 * The newest shot's outcome as one short line of the action bar (who, at whom, the damage, the
 * dice; the distance and protection stay in the last-shot panel), so a phone's player sees what it
 * did without leaving the bar, and the turn's buttons still start in sight under it.
 */
export function LastShotLine({ shot, naming, w }: { shot: ShotEvent; naming: NamingView; w: SiegeWords }) {
  const args = { shooter: sourceName(w, shot.shooter, naming), target: opName(w, shot.target), damage: shot.damage, dice: diceWords(w, shot.dice) };
  return (
    <p className="last-shot-line" role="status">
      {w.t(catalog.operators.has(shot.shooter) ? "dice.inBar" : "dice.inBarBlast", args)}
    </p>
  );
}
