/**
 * The odds of a roll before it is made (seed 002 3-4), from the viewer's own view only, as
 * @fogwar/trpg works them out (`attackOdds`, `reactionOdds`, `dodgeOdds`, `healOdds`): the target
 * number on a d6, the stat and every modifier the viewer can know with its source, and the chance.
 * An attack also gives its expected wounds. What the view hides is never guessed: "unknown
 * modifiers may apply" and why. Shown for an attack before it is confirmed and for a decision
 * (overwatch, free strike, suppressive fire, dodge) before it is answered, and for a heal.
 */
import { attackOdds, dodgeOdds, healOdds, reactionOdds, type AttackOdds, type Pending, type TrpgCommand, type UnknownFactor } from "@fogwar/trpg";
import { charName, modText, type TrpgWords } from "./words";
import { useAidsShown } from "../../table/aids";

const percent = (p: number) => `${Math.round(p * 100)}%`;

/** What the view hides that could change the odds, in words (nothing when exact). */
function Unknown({ w, unknown }: { w: TrpgWords; unknown: readonly UnknownFactor[] }) {
  if (unknown.length === 0) return null;
  return (
    <>
      <br />
      <small className="unknown">{w.t("odds.unknown", { why: unknown.map((u) => w.t(`odds.why.${u}`)).join(", ") })}</small>
    </>
  );
}

/** One attack's odds at one target: the number, the chance, the stat and modifiers, the expected wounds. */
function AttackOddsLine({ w, o }: { w: TrpgWords; o: AttackOdds }) {
  const { t } = w;
  return (
    <li data-testid="trpg-odds">
      <strong>{charName(w, o.target)}</strong>
      {o.attacks > 1 && ` · ${t("odds.attacks", { count: o.attacks })}`}
      {": "}
      {o.need === null ? t("odds.needUnknown") : o.need >= 6 ? t("odds.impossible", { n: o.need }) : t("odds.need", { n: o.need, chance: percent(o.hit ?? 0) })}
      <br />
      <small>
        {[`${t(`mod.${o.stat.name}`)} +${o.stat.value}`, ...o.mods.map((m) => modText(w, m))].join(", ")}
        {" · "}
        {o.expected === null ? t("odds.damageUnknown", { damage: o.damage }) : t("odds.expected", { n: o.expected.toFixed(2), damage: o.damage })}
      </small>
      <Unknown w={w} unknown={o.unknown} />
    </li>
  );
}

/** The odds of `command` made by `actor`, or nothing when it is no attack or heal. */
export function AttackOddsPanel({ w, actor, command }: { w: TrpgWords; actor: string; command: TrpgCommand }) {
  const shown = useAidsShown();
  if (!shown) return null;
  if (command.type === "heal" || command.type === "stabilise") return <HealOddsPanel w={w} healer={actor} />;
  const odds = command.type === "end_round" || command.type === "decide" ? null : attackOdds(w.view, actor, command as never);
  if (!odds) return null;
  return (
    <ul className="odds" aria-label={w.t("odds.title")}>
      {odds.map((o) => (
        <AttackOddsLine key={o.target} w={w} o={o} />
      ))}
    </ul>
  );
}

/** A healing or stabilising check's odds (seed 002 3-6 치료 판정). */
function HealOddsPanel({ w, healer }: { w: TrpgWords; healer: string }) {
  const odds = healOdds(w.view, healer);
  if (!odds) return null;
  return (
    <ul className="odds" aria-label={w.t("odds.title")}>
      <li data-testid="trpg-odds">
        {w.t("odds.heal", { n: odds.need, chance: percent(odds.chance) })}
        <br />
        <small>{`${w.t(`mod.${odds.stat.name}`)} +${odds.stat.value}`}</small>
      </li>
    </ul>
  );
}

/**
 * The odds of what a decision's answer rolls, before the seat answers: the overwatch shot or the
 * free strike it would make, the suppressive shot a target that stays up takes, or its dodge.
 * Nothing for decisions that roll nothing (the master's).
 */
export function ReactionOddsPanel({ w, pending }: { w: TrpgWords; pending: Pending }) {
  const shown = useAidsShown();
  if (!shown) return null;
  if (pending.kind === "dodge") {
    const odds = dodgeOdds(w.view, pending.target, pending.attacker);
    if (!odds) return null;
    return (
      <ul className="odds" aria-label={w.t("odds.title")}>
        <li data-testid="trpg-odds">
          {odds.over >= 6 ? w.t("odds.dodgeImpossible", { n: odds.over }) : w.t("odds.dodge", { n: odds.over, chance: percent(odds.chance) })}
          <br />
          <small>{[`${w.t(`mod.${odds.stat.name}`)} +${odds.stat.value}`, ...odds.mods.map((m) => modText(w, m))].join(", ")}</small>
          <Unknown w={w} unknown={odds.unknown} />
        </li>
      </ul>
    );
  }
  const odds = reactionOdds(w.view, pending);
  if (!odds) return null;
  return (
    <>
      {pending.kind === "drop" && <p className="hint">{w.t("odds.ifStanding")}</p>}
      <ul className="odds" aria-label={w.t("odds.title")}>
        <AttackOddsLine w={w} o={odds} />
      </ul>
    </>
  );
}
