/**
 * The odds of an attack before it is made (seed 002 3-4), from the viewer's own view only
 * (`attackOdds` of @fogwar/trpg): per target the target number on a d6, the attacker's stat and
 * every modifier the viewer can know with its source, the chance to hit and the expected wounds.
 * What the view hides is never guessed: "unknown modifiers may apply" and why.
 */
import { attackOdds, type TrpgCommand } from "@fogwar/trpg";
import { charName, modText, type TrpgWords } from "./words";
import { useAidsShown } from "../../table/aids";

const percent = (p: number) => `${Math.round(p * 100)}%`;

/** The odds of `command` made by `actor`, or nothing when it is no attack. */
export function AttackOddsPanel({ w, actor, command }: { w: TrpgWords; actor: string; command: TrpgCommand }) {
  const shown = useAidsShown();
  const odds = !shown || command.type === "end_round" || command.type === "decide" ? null : attackOdds(w.view, actor, command as never);
  if (!odds) return null;
  const { t } = w;
  return (
    <ul className="odds" aria-label={t("odds.title")}>
      {odds.map((o) => (
        <li key={o.target} data-testid="trpg-odds">
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
          {o.unknown.length > 0 && (
            <>
              <br />
              <small className="unknown">{t("odds.unknown", { why: o.unknown.map((u) => t(`odds.why.${u}`)).join(", ") })}</small>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
