/**
 * The attack sequence shown stage by stage (hit, wound, save, ward, damage): each stage's dice,
 * what they needed, and the modifiers in the order they applied (seed 003 27, 30). A new attack
 * opens at its first stage; "Next stage" reveals the next one, "Show all stages" the rest. Each
 * stage, the critical hit, random Attacks, mortal damage and the modifier order explain themselves
 * on hover and on tap. Each hit, wound and save die is marked passed or failed by the rules' own
 * verdict (`dieVerdict`, packages/sigmar/src/attack.ts), and each stage's "N passed" counts those dice;
 * what critical hits did (2 hits, automatic wounds, mortal damage) is said beside them in words.
 * A key under the dice says what the colours mean.
 * The attack shown is the latest; a button names the one before it and shows it (AttackSteps).
 */
import { useEffect, useState } from "react";
import { dieVerdict, type AttackReport, type SigmarCommand, type SigmarEvent, type SigmarView, type StageReport } from "@fogwar/sigmar";
import { Odds } from "./Odds";
import { abilityName, unitName, type SigmarWords } from "./words";
import { Tip, weaponAbilityTip } from "./tips";

type Attacks = Extract<SigmarEvent, { type: "attacks" }>;

const Dice = ({ rolls, need, passes, label }: { rolls: readonly number[]; need?: number; passes?: (roll: number) => boolean; label: string }) => (
  <span className="dice" aria-label={label}>
    {rolls.map((r, i) => {
      const passed = passes ? passes(r) : need !== undefined ? r >= need : undefined;
      return (
        <span key={i} className={`die${passed === undefined ? "" : passed ? " pass" : " fail"}${r === 6 ? " six" : r === 1 ? " one" : ""}`}>
          {r}
        </span>
      );
    })}
  </span>
);

/**
 * What the dice colours mean (the same marks as the dice above): passed, failed, a 1, a 6. The
 * passed and failed swatches carry no face: what passes depends on the stage's need and its
 * modifiers (a 3 passes a 3+ hit roll, fails a 4+ one), so a sample face would contradict some
 * dice above it.
 */
function DiceLegend({ w }: { w: SigmarWords }) {
  const t = w.t;
  const sample = (face: number | null, cls: string, text: string) => (
    <li>
      <span className={`die ${cls}`} aria-hidden="true">
        {face ?? "\u00a0"}
      </span>{" "}
      {text}
    </li>
  );
  return (
    <div className="dice-legend">
      <span id="sigmar-dice-legend">{t("attack.legend.title")}</span>
      <ul aria-labelledby="sigmar-dice-legend">
        {sample(null, "pass", t("attack.legend.pass"))}
        {sample(null, "fail", t("attack.legend.fail"))}
        {sample(1, "fail one", t("attack.legend.one"))}
        {sample(6, "pass six", t("attack.legend.six"))}
      </ul>
    </div>
  );
}

function Mods({ w, stage }: { w: SigmarWords; stage: StageReport }) {
  if (stage.mods.length === 0) return null;
  return (
    <span className="mods">
      <Tip t={w.t} tip="modifiers">
        {w.t("attack.mods", { mods: stage.mods.map((m) => `${abilityName(w, m.source)} ${m.value > 0 ? "+" : ""}${m.value}`).join(", ") })}
      </Tip>
    </span>
  );
}

/**
 * The hit stage's count: the dice marked passed (every 6 among them), then what the critical hits
 * did, in words (seed 003 20: Crit (2 Hits) scores two hits, Crit (Auto-wound) wounds without a
 * wound roll, Crit (Mortal) deals mortal damage without wound or save rolls), with how many hits
 * go on to the wound rolls; "7 passed" stood beside 5 green dice when two 6s scored 2 hits each.
 * A weapon without a critical ability says its 6s are plain hits (it read "2 critical", as if they
 * did something), and nothing of critical hits when it rolled none.
 */
function HitCount({ w, r }: { w: SigmarWords; r: AttackReport }) {
  const t = w.t;
  const green = r.hit.rolls.filter(dieVerdict(r, "hit")).length;
  const crits = r.hit.crits;
  return (
    <>
      {t("attack.passed", { n: green })}
      {r.crit ? ` · ${crits > 0 ? t(`attack.critDid.${r.crit}`, { count: crits, hits: r.hit.passed }) : t("attack.crits", { n: crits })}` : crits > 0 ? ` · ${t("attack.critsPlain", { count: crits })}` : ""}
    </>
  );
}

/** The stages of one weapon's attacks, the first `shown` of them. */
function Weapon({ w, r, shown }: { w: SigmarWords; r: AttackReport; shown: number }) {
  const t = w.t;
  const stages = [
    <li key="hit">
      <strong>
        <Tip t={t} tip="hit">
          {t("attack.stage.hit", { need: r.hit.need })}
        </Tip>
      </strong> <Dice rolls={r.hit.rolls} passes={dieVerdict(r, "hit")} label={r.hit.rolls.join(" ")} /> <HitCount w={w} r={r} /> <Mods w={w} stage={r.hit} />
    </li>,
    <li key="wound">
      <strong>
        <Tip t={t} tip="wound">
          {t("attack.stage.wound", { need: r.wound.need })}
        </Tip>
      </strong> <Dice rolls={r.wound.rolls} passes={dieVerdict(r, "wound")} label={r.wound.rolls.join(" ")} /> {t("attack.passed", { n: r.wound.passed - r.wound.auto })}
      {r.wound.auto > 0 && <> · {t("attack.autoWounds", { count: r.wound.auto, wounds: r.wound.passed })}</>} <Mods w={w} stage={r.wound} />
    </li>,
    <li key="save">
      <strong>
        <Tip t={t} tip="save">
          {t("attack.stage.save", { need: r.save.need, rend: r.rend })}
        </Tip>
      </strong> <Dice rolls={r.save.rolls} passes={dieVerdict(r, "save")} label={r.save.rolls.join(" ")} /> {t("attack.passed", { n: r.save.passed })} <Mods w={w} stage={r.save} />
    </li>,
    ...(r.ward
      ? [
          <li key="ward">
            <strong>
              <Tip t={t} tip="ward">
                {t("attack.stage.ward", { need: r.ward.need })}
              </Tip>
            </strong> <Dice rolls={r.ward.rolls} need={r.ward.need} label={r.ward.rolls.join(" ")} /> {t("attack.passed", { n: r.ward.passed })}
          </li>,
        ]
      : []),
    <li key="damage">
      <strong>
        <Tip t={t} tip="damage" />
      </strong> {r.damageRolls.length > 0 && <>{t("attack.damageRolled", { dice: r.damageRolls.join(" ") })} · </>}
      {r.mortal > 0 && (
        <>
          <Tip t={t} tip="mortal">
            {t("attack.mortal", { n: r.mortal })}
          </Tip>{" "}
          ·{" "}
        </>
      )}
      {t("attack.dealt", { dealt: r.dealt, slain: r.slain })}
    </li>,
  ];
  return (
    <li className="weapon-attacks">
      <p>
        {t("attack.weapon", { weapon: abilityName(w, r.weapon), count: r.models, models: r.models, attacks: r.attacks })}
        {r.attackRolls.length > 0 && (
          <>
            {" "}
            · <Tip t={t} tip="random">{t("attack.attacksRolled", { dice: r.attackRolls.join(" ") })}</Tip>
          </>
        )}
        {r.crit && (
          <>
            {" "}
            · <Tip t={t} tip={weaponAbilityTip(`crit:${r.crit}`) ?? "crit"}>{t("attack.crit", { crit: t(`crit.${r.crit}`) })}</Tip>
          </>
        )}
      </p>
      <ol className="stages">{stages.slice(0, shown)}</ol>
    </li>
  );
}

/**
 * Steps through the attacks seen (each a player's or the bot's): the one before the attack shown,
 * named, so a player whose own attack was followed at once by the reply can read its dice; and
 * back towards the latest. An earlier attack shows every stage.
 */
function AttackSteps({ w, earlier, later, onStep }: { w: SigmarWords; earlier?: { attacker: string; target: string }; later: boolean; onStep: (by: number) => void }) {
  if (!earlier && !later) return null;
  return (
    <p className="attack-steps">
      {earlier && (
        <button type="button" onClick={() => onStep(1)}>
          {w.t("attack.earlier", earlier)}
        </button>
      )}{" "}
      {later && (
        <button type="button" onClick={() => onStep(-1)}>
          {w.t("attack.later")}
        </button>
      )}
    </p>
  );
}

/**
 * The odds of the attacks `odds.unit` may make now (from the seat's `odds.legal`), then the last
 * attack of `events`, stage by stage (`allStages`: every stage at once, as the review shows it).
 */
export function AttackPanel({ w, view, events, allStages = false, odds }: { w: SigmarWords; view: SigmarView; events: readonly { seq: number; events: readonly SigmarEvent[] }[]; allStages?: boolean; odds?: { legal: readonly SigmarCommand[]; unit: string | null } }) {
  const all: { key: string; e: Attacks }[] = [];
  for (const entry of events) entry.events.forEach((e, at) => e.type === "attacks" && all.push({ key: `${entry.seq}:${at}`, e }));
  const key = all.at(-1)?.key ?? "";
  // A new attack opens at its first stage (the review shows every stage at once), and the panel goes back to it.
  const first = allStages ? 5 : 1;
  const [shown, setShown] = useState(first);
  // How many attacks back from the latest the player is looking.
  const [back, setBack] = useState(0);
  useEffect(() => {
    setShown(first);
    setBack(0);
  }, [key, first]);
  const index = Math.max(0, all.length - 1 - back);
  const a = all[index]?.e;
  const earlier = all[index - 1]?.e;
  const names = (x: Attacks) => ({ attacker: unitName(w, view, x.unit), target: unitName(w, view, x.target) });
  return (
    <section className="attack-panel" aria-label={w.t("attack.stage.damage")}>
      {odds && <Odds w={w} view={view} legal={odds.legal} unit={odds.unit} />}
      {!a ? (
        <p>{w.t("attack.noAttack")}</p>
      ) : (
        <>
          <h3>{w.t("attack.title", names(a))}</h3>
          <AttackSteps w={w} earlier={earlier && names(earlier)} later={back > 0} onStep={(by) => setBack((n) => n + by)} />
          <ul className="weapons">
            {a.reports.map((r, i) => (
              <Weapon key={i} w={w} r={r} shown={back > 0 ? 5 : shown} />
            ))}
          </ul>
          <DiceLegend w={w} />
          {shown < 5 && back === 0 && (
            <p>
              <button type="button" onClick={() => setShown((n) => n + 1)}>
                {w.t("attack.next")}
              </button>{" "}
              <button type="button" onClick={() => setShown(5)}>
                {w.t("attack.all")}
              </button>
            </p>
          )}
        </>
      )}
    </section>
  );
}
