/**
 * Odds before the roll: for each enemy the selected unit may shoot at or fight now, each weapon's
 * target numbers with every modifier and its source, rend and ward, the chance of each step and
 * the expected damage (@fogwar/sigmar `attackOdds`, from the seat's own projection only). The
 * first target opens; the others open on a click.
 */
import { attackOdds, type OddsMod, type OddsStep, type SigmarCommand, type SigmarView, type WeaponOdds } from "@fogwar/sigmar";
import { abilityName, unitName, type SigmarWords } from "./words";
import { Tip } from "./tips";
import { useAidsShown } from "../../table/aids";

/** A chance as a whole percentage. */
const pct = (p: number) => `${Math.round(p * 100)}%`;
/** An expectation with one decimal. */
const num = (n: number) => (Math.round(n * 10) / 10).toString();

/** A modifier's source in words ("Anti-MONSTER", an ability, a terrain feature, a guarded hero). */
function sourceName(w: SigmarWords, source: string): string {
  if (source === "guarded_hero") return w.t("odds.guardedHero");
  if (source.startsWith("anti:")) return w.t("weaponAbility.anti", { keyword: w.t(`keyword.${source.slice(5)}`) });
  return abilityName(w, source);
}

const modList = (w: SigmarWords, mods: readonly OddsMod[]) => mods.map((m) => `${sourceName(w, m.source)} ${m.value > 0 ? "+" : ""}${m.value}`).join(", ");

/** One roll step: "Hit 4+ (Guarded hero -1): 33%". */
function Step({ w, label, step, chance, extra }: { w: SigmarWords; label: string; step: OddsStep; chance: number; extra?: string }) {
  return (
    <li>
      <strong>{label}</strong> {w.t("odds.need", { need: step.need })}
      {extra ? ` ${extra}` : ""}
      {step.mods.length > 0 && <span className="odds-mods"> ({modList(w, step.mods)})</span>}: <span className="odds-chance">{pct(chance)}</span>
    </li>
  );
}

/** One weapon's odds. */
function WeaponLine({ w, o }: { w: SigmarWords; o: WeaponOdds }) {
  const t = w.t;
  // Rend with its sources: the weapon's own, Anti-X, then modifiers.
  const rendSources = o.rendMods.length > 0 ? ` (${modList(w, o.rendMods)})` : "";
  return (
    <li className="odds-weapon">
      <p>
        <strong>{abilityName(w, o.weapon)}</strong> · {t("odds.attacks", { count: o.models, models: o.models, attacks: num(o.attacks) })}
        {o.assumed && <> · {t("odds.afterPileIn")}</>}
        {o.crit && <> · {t("attack.crit", { crit: t(`crit.${o.crit}`) })}</>}
      </p>
      <ul className="odds-steps">
        <Step w={w} label={t("odds.hit")} step={o.hit} chance={o.hit.chance} />
        <Step w={w} label={t("odds.wound")} step={o.wound} chance={o.wound.chance} />
        <Step w={w} label={t("odds.save")} step={o.save} chance={1 - o.save.chance} extra={`${t("odds.rend", { rend: o.rend })}${rendSources}${o.save.needMods && o.save.needMods.length > 0 ? ` · ${t("odds.saveFrom", { base: o.save.base, mods: modList(w, o.save.needMods) })}` : ""}`} />
        {o.ward && <Step w={w} label={t("odds.ward")} step={o.ward} chance={1 - o.ward.chance} />}
        <li>
          <strong>{t("odds.damage")}</strong> {t("odds.perAttack", { damage: num(o.damage) })} → <span className="odds-expected">{t("odds.expected", { n: num(o.expected) })}</span>
        </li>
      </ul>
    </li>
  );
}

/** The odds of every shooting or fight `unit` may make now (from `legal`); nothing when it has none. */
export function Odds({ w, view, legal, unit }: { w: SigmarWords; view: SigmarView; legal: readonly SigmarCommand[]; unit: string | null }) {
  if (!useAidsShown() || !unit) return null;
  const seen = new Set<string>();
  const choices: { target: string; kind: "shoot" | "fight" }[] = [];
  for (const c of legal) {
    if ((c.type === "shoot" || c.type === "fight") && c.unit === unit && !seen.has(`${c.type}:${c.target}`)) {
      seen.add(`${c.type}:${c.target}`);
      choices.push({ target: c.target, kind: c.type });
    }
  }
  if (choices.length === 0) return null;
  const t = w.t;
  return (
    <div className="odds" role="group" aria-label={t("odds.title")}>
      <h4>
        <Tip t={t} tip="modifiers">
          {t("odds.title")}
        </Tip>
      </h4>
      {choices.map(({ target, kind }, i) => {
        const odds = attackOdds(view, unit, target, kind);
        if (!odds) return null;
        return (
          <details key={`${kind}:${target}`} open={i === 0}>
            <summary>
              {t(kind === "shoot" ? "odds.shootSummary" : "odds.fightSummary", { unit: unitName(w, view, unit), target: unitName(w, view, target), n: num(odds.expected), left: odds.targetHealth })}
            </summary>
            <ul className="odds-weapons">
              {odds.weapons.map((o) => (
                <WeaponLine key={o.weapon} w={w} o={o} />
              ))}
            </ul>
            <p className="hint">{t("odds.note")}</p>
          </details>
        );
      })}
    </div>
  );
}
