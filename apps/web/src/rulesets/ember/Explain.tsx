/**
 * The words that explain the active mech's controls: why an action it has is not offered now
 * (`WhyNot`, from @fogwar/ember `unavailableActions`, the legal list's own checks), the odds of an
 * attack on a target before it is rolled (`OddsLine`, from `attackOdds`), and the help text of an
 * action button (`actionHelp`: length, tick cost, timing, what the action does). Both helpers read
 * the viewer's own projection only, so nothing here tells the viewer anything its view hides.
 */
import { useTranslation } from "react-i18next";
import { attackOdds, attackStanding, catalog, ewStanding, unavailableActions, unavailableDroneOrders, type Action, type AttackUse, type EmberView, type OddsModifier, type PartSlot } from "@fogwar/ember";
import { actionName } from "./words";
import { useWords } from "./useWords";
import { unitLabel, unitOf } from "./model";
import { chebyshev } from "@fogwar/engine";
import "../../i18n/table-strings";
import { useAidsShown } from "../../table/aids";
import { isWide } from "../../table/media";

/** The card of a mech part's action (its own, its discarded card's, or a common action). */
export function actionCard(view: EmberView, unitId: string, part: PartSlot, actionId: string): Action | undefined {
  const unit = unitOf(view, unitId);
  if (unit?.kind !== "mech") return undefined;
  const card = catalog.parts.get(unit.parts[part].partId);
  return card?.actions.find((a) => a.id === actionId) ?? card?.discarded?.actions.find((a) => a.id === actionId) ?? catalog.commonActions.get(actionId)?.action;
}

/** The help of an action button in words: its length and tick cost, its timing and what it does. */
export function useActionHelp(view: EmberView): (unitId: string, part: PartSlot, actionId: string) => string {
  const { t } = useTranslation("table");
  return (unitId, part, actionId) => {
    const action = actionCard(view, unitId, part, actionId);
    if (!action) return "";
    const cost = catalog.data.rules.lengthCost[action.length];
    const head = t("help.action", { length: t(`help.length.${action.length}`), ticks: cost, timing: t(`timing.${action.timing}`), part: t(`slot.${part}`) });
    const effect = action.effect;
    const what =
      effect.kind === "attack"
        ? t("help.attack", { mode: t(`attack.mode.${effect.attack}`), range: effect.range, yellow: effect.dice.yellow, red: effect.dice.red })
        : effect.kind === "move"
          ? t(effect.crawl ? "help.crawl" : "help.move", { range: effect.range, part: t(`slot.${part}`) })
          : t(`help.kind.${effect.kind}`, { defaultValue: "" });
    return [head, what].filter(Boolean).join(" ");
  };
}

/**
 * The actions the viewer's active mech cannot take now, with why (today's rules read on the view):
 * none for a view these rules cannot read (a match of an older rules version, replayed or live,
 * whose projection lacks a field today's checks use), since the reasons are an aid, never a rule.
 */
function whyUnavailable(view: EmberView, seat: string): ReturnType<typeof unavailableActions> {
  try {
    // An attack already made this activation is said (its button is gone); other used actions are not.
    return unavailableActions(view, seat).filter((w) => w.code !== "action_already_used" || actionCard(view, view.activation?.unit ?? "", w.part, w.action)?.effect.kind === "attack");
  } catch {
    return [];
  }
}

/**
 * How far `target` stands from `from` on the viewer's board, in squares (the rules' range measure,
 * seed 000 1.3 "사거리": the king-move distance, as @fogwar/ember `targetProblem` counts it), or
 * undefined when either is off the board in the view.
 */
function squaresBetween(view: EmberView, from: string, target: string): number | undefined {
  const a = unitOf(view, from)?.at;
  const b = unitOf(view, target)?.at;
  return a && b ? chebyshev(a, b) : undefined;
}

/**
 * A "why not" reason in words: lock-on naming the lockers, no target naming each enemy's reason
 * (out of range saying the action's reach and how far that enemy stands from `actor`, seed 000 1.3),
 * else the code's words.
 */
function useReasonWords(view: EmberView, lockedOn = "why.lockedOn"): (w: { code: string; lockers?: readonly string[]; targets?: readonly { unit: string; code: string }[] }, actor?: string, range?: number) => string {
  const { t } = useTranslation("table");
  const words = useWords(view);
  const unit = (id: string) => unitLabel(view, id, words.name);
  const targetReason = (x: { unit: string; code: string }, actor?: string, range?: number): string => {
    const distance = actor === undefined ? undefined : squaresBetween(view, actor, x.unit);
    if (x.code === "out_of_range" && range !== undefined && distance !== undefined) return t("why.outOfRangeBy", { range, count: distance });
    return t(`why.code.${x.code}`, { defaultValue: t("why.code.invalid_target") });
  };
  return (w, actor, range) => {
    if (w.code === "locked_on" && w.lockers) return t(lockedOn, { units: w.lockers.map(unit).join(", ") });
    if (w.code === "no_target") return t("why.noTarget", { targets: (w.targets ?? []).map((x) => t("why.targetReason", { unit: unit(x.unit), reason: targetReason(x, actor, range) })).join("; ") || t("why.noEnemies") });
    return t(`why.code.${w.code}`, { defaultValue: t("why.code.other"), timing: view.activation ? t(`timing.${view.activation.timing}`) : "" });
  };
}

/**
 * Why the viewer's drones cannot be given an attack order now (@fogwar/ember
 * `unavailableDroneOrders`, the drone-command handler's own checks), one line each; none for a
 * view today's rules cannot read.
 */
export function DroneWhyNot({ view, seat }: { view: EmberView; seat: string }) {
  const { t } = useTranslation("table");
  const words = useWords(view);
  const shown = useAidsShown();
  // A drone neither melees nor crawls: its lock-on words say to move it out of the arc.
  const reason = useReasonWords(view, "why.droneLockedOn");
  let missing: ReturnType<typeof unavailableDroneOrders> = [];
  if (shown) {
    try {
      missing = unavailableDroneOrders(view, seat);
    } catch {
      missing = [];
    }
  }
  if (missing.length === 0) return null;
  return (
    <details className="why-not-box" open={isWide()} data-why-drones="">
      <summary>{t("why.droneTitle", { count: missing.length })}</summary>
      <ul className="why-not">
        {missing.map((w) => (
          <li key={`${w.drone}:${w.order}`} data-why-drone={`${w.drone}:${w.order}`} data-code={w.code}>
            <strong>{t(`why.droneOrder.${w.order}`, { drone: unitLabel(view, w.drone, words.name) })}</strong>: {reason(w)}
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * Why the viewer's active mech cannot take some of its actions now, one line each: open on a
 * desktop, folded under its count on a phone (a dozen lines under the actions filled its short bar).
 */
export function WhyNot({ view, seat }: { view: EmberView; seat: string }) {
  const { t } = useTranslation("table");
  const words = useWords(view);
  const shown = useAidsShown();
  const reasonWords = useReasonWords(view);
  const missing = shown ? whyUnavailable(view, seat) : [];
  if (missing.length === 0) return null;
  // Actions held back for the same reason share one line ("Left arm: Crawl, Right arm: Snapshot: the
  // first action must match the dial"): a mech's dozen actions under one dial read as one rule.
  const actor = view.activation?.unit ?? "";
  const lines = new Map<string, { names: string[]; keys: string[]; code: string }>();
  for (const w of missing) {
    const effect = actionCard(view, actor, w.part, w.action)?.effect;
    const reason = reasonWords(w, actor, effect && "range" in effect && typeof effect.range === "number" ? effect.range : undefined);
    const line = lines.get(reason) ?? { names: [], keys: [], code: w.code };
    line.names.push(t("actions.act", { part: t(`slot.${w.part}`), action: actionName(words, actor, w.part, w.action) }));
    line.keys.push(`${w.part}:${w.action}`);
    lines.set(reason, line);
  }
  return (
    <details className="why-not-box" open={isWide()}>
      <summary>{t("why.title", { count: missing.length })}</summary>
      <ul className="why-not">
        {[...lines].map(([reason, line]) => (
          <li key={line.keys.join(" ")} data-why={line.keys.join(" ")} data-code={line.code}>
            <strong>{line.names.join(", ")}</strong>: {reason}
          </li>
        ))}
      </ul>
    </details>
  );
}

const pct = (p: number) => `${Math.round(p * 100)}%`;

/** One modifier in words: "+2 white: terrain cover". */
function useModifierWords(view: EmberView): (m: OddsModifier) => string {
  const { t } = useTranslation("table");
  const words = useWords(view);
  return (m) => {
    const s = m.source;
    const source =
      s.kind === "part"
        ? t("odds.source.part", { part: t(`slot.${s.part}`), unit: unitLabel(view, s.unit, words.name) })
        : s.kind === "assist"
          ? t("odds.source.assist", { part: t(`slot.${s.part}`) })
          : s.kind === "armour" || s.kind === "structure"
          ? t(`odds.source.${s.kind}`, { part: s.part ? t(`slot.${s.part}`) : t("odds.source.card") })
          : s.kind === "cover"
            ? t(`odds.source.cover_${s.cover}`)
            : t(`odds.source.${s.kind}`);
    const count = s.kind === "suppress" ? "" : `${m.change > 0 && s.kind !== "action" && s.kind !== "armour" && s.kind !== "structure" && s.kind !== "mob_evasion" ? "+" : ""}${m.change} `;
    return `${count}${t(`odds.colour.${m.die}`)}: ${source}`;
  };
}

/** The odds, or none for a view today's rules cannot read (a match of an older rules version). */
function oddsOrNone<T>(compute: () => T | null): T | null {
  try {
    return compute();
  } catch {
    return null;
  }
}

/**
 * The odds of `unitId` attacking `target` with its `part`'s `action`, before the roll (seed 000
 * 1.2.1), taken as `use` says (a spent charge, 8; an unarmed part assisting, 11): the chance to hit,
 * to get damage through and the damage expected, with the pools and every modifier and its source
 * folded below.
 */
export function OddsLine({ view, unitId, part, action, target, use = {} }: { view: EmberView; unitId: string; part: PartSlot; action: string; target: string; use?: AttackUse }) {
  const { t } = useTranslation("table");
  const modifierWords = useModifierWords(view);
  const shown = useAidsShown();
  const odds = shown ? oddsOrNone(() => attackOdds(view, unitId, part, action, target, use)) : null;
  if (!odds) return null;
  return (
    <details className="odds" data-odds={target} data-hit={odds.hit.toFixed(4)}>
      <summary>{t("odds.line", { hit: pct(odds.hit), through: pct(odds.damage), expected: odds.expectedDamage.toFixed(1) })}</summary>
      <p className="hint">{t("odds.noTargetNumber")}</p>
      <ul>
        {odds.modifiers.map((m, i) => (
          <li key={i} data-side={m.side}>
            {t(`odds.side.${m.side}`)} · {modifierWords(m)}
          </li>
        ))}
        {odds.rear && <li>{t("odds.rear")}</li>}
      </ul>
      {odds.byPart.length > 1 && (
        <p>
          {t(odds.partBy === "attacker" ? "odds.partByAttacker" : "odds.partByDie")}{" "}
          {odds.byPart
            .filter((p) => odds.partBy === "attacker" || p.weight > 0)
            .map((p) => t("odds.part", { part: p.part ? t(`slot.${p.part}`) : "", chance: pct(p.weight), hit: pct(p.hit), expected: p.expectedDamage.toFixed(1), white: p.pools.white, blue: p.pools.blue }))
            .join(" · ")}
        </p>
      )}
      <p className="hint">{t("odds.notModelled")}</p>
    </details>
  );
}

/**
 * How the attack's dice stand at a reroll prompt, in words ("4 hits, 1 blocked: 3 get through"),
 * from the rules' own damage calculation on the dice as they lie (@fogwar/ember `attackStanding`,
 * seed 000 1.2.1); nothing for a view today's rules cannot read.
 */
export function StandingLine({ view }: { view: EmberView }) {
  const { t } = useTranslation("table");
  const shown = useAidsShown();
  const standing = shown ? oddsOrNone(() => attackStanding(view)) : null;
  if (!standing) return null;
  const hits = t("standing.hits", { count: standing.hits });
  const blocked = t("standing.blocked", { count: standing.blocked });
  const through = standing.through === 0 ? t("standing.noneThrough") : t("standing.through", { count: standing.through });
  return (
    <p className="standing" data-standing={`${standing.hits}:${standing.blocked}:${standing.through}`}>
      <strong>{t("standing.now")}</strong> {t("standing.line", { hits, blocked, through })}
      <span className="hint"> {t("standing.note")}</span>
    </p>
  );
}

/**
 * How an EW roll's dice stand at its reroll prompt, in words ("caster 1 lightning, 0 light v
 * responder 0 lightning, 2 light: the caster wins"), from the rules' own count and winner on the
 * dice as they lie (@fogwar/ember `ewStanding`, seed 000 5.2); nothing for a view today's rules
 * cannot read.
 */
export function EwStandingLine({ view }: { view: EmberView }) {
  const { t } = useTranslation("table");
  const shown = useAidsShown();
  const standing = shown ? oddsOrNone(() => ewStanding(view)) : null;
  if (!standing) return null;
  const side = (role: "caster" | "responder") => t("standing.ewSide", { role: t(`decision.role.${role}`), ...standing[role] });
  const c = standing.caster;
  const r = standing.responder;
  return (
    <p className="standing" data-ew-standing={`${c.lightning}:${c.lights}:${r.lightning}:${r.lights}:${standing.winner}`}>
      <strong>{t("standing.now")}</strong> {t("standing.ewLine", { caster: side("caster"), responder: side("responder"), winner: t(`decision.role.${standing.winner}`) })}
      <span className="hint"> {t("standing.ewNote")}</span>
    </p>
  );
}
