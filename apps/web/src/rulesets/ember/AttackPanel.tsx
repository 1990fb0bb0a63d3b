/**
 * Attacks as they resolve: the attack in progress from the projection (stage, hit part, pools),
 * an EW roll waiting for a link reroll (both sides' dice, whose reroll it is), and the steps of the
 * latest attack from the events (declaration, part die, pools as die pictures, link rerolls,
 * replacements, cancellation, damage, penetration, destroyed parts).
 */
import { useTranslation } from "react-i18next";
import type { EmberEvent, EmberView } from "@fogwar/ember";
import { DiceRow, PartDieFace } from "./Dice";
import { unitLabel } from "./model";
import { eventLine } from "./KeywordTip";
import { useWords } from "./useWords";
import "../../i18n/table-strings";

/** The events of the latest attack (from its declaration, chain damage included). */
export function latestAttack(events: readonly EmberEvent[]): EmberEvent[] {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i] as EmberEvent;
    if (e.type === "attack_declared" && !e.chain) {
      const out: EmberEvent[] = [];
      for (let j = i; j < events.length; j++) {
        const f = events[j] as EmberEvent;
        if (j > i && (f.type === "activation_ended" || f.type === "activation_started" || f.type === "phase_started" || (f.type === "attack_declared" && !f.chain))) break;
        out.push(f);
      }
      return out;
    }
  }
  return [];
}

export interface AttackPanelProps {
  readonly view: EmberView;
  readonly events: readonly EmberEvent[];
}

export function AttackPanel({ view, events }: AttackPanelProps) {
  const { t } = useTranslation("table");
  const attack = view.attack;
  const steps = latestAttack(events);
  const words = useWords(view);
  const name = words.name;
  // Whose reroll it is: a link reroll belongs to the attacker's or the defender's player.
  const declared = steps.find((e): e is Extract<EmberEvent, { type: "attack_declared" }> => e.type === "attack_declared");
  const ownerOf = (unit: string | undefined) => (unit ? view.units.find((u) => u.id === unit)?.owner : undefined);
  const rerollerOf = (side: "attack" | "defence", attacker?: string, defender?: string) => {
    const owner = ownerOf(side === "attack" ? attacker : defender);
    return owner ? name(owner) : t(`attack.role.${side}`);
  };
  const ew = view.ewRoll;
  const ewSide = ew ? (ew.stage === "caster_reroll" ? "caster" : ew.stage === "responder_reroll" ? "responder" : null) : null;
  const stage = (s: string) =>
    s === "attack_reroll" || s === "defence_reroll"
      ? t("attack.rerollStage", { seat: rerollerOf(s === "attack_reroll" ? "attack" : "defence", attack?.attacker, attack?.defender), role: t(`attack.role.${s === "attack_reroll" ? "attack" : "defence"}`) })
      : t(`attack.stage.${s}`);
  return (
    <section className="attack-panel" aria-labelledby="attack-title" aria-live="polite">
      <h3 id="attack-title">{t("attack.title")}</h3>
      {attack && (
        <div className="attack-current" data-attack-stage={attack.stage}>
          <p>
            <strong>{t("attack.declared", { attacker: unitLabel(view, attack.attacker, name), defender: unitLabel(view, attack.defender, name), mode: t(`attack.mode.${attack.mode}`) })}</strong> ·{" "}
            {t("attack.current", { stage: stage(attack.stage) })}
            {attack.rear && <> · {t("attack.rear")}</>}
            {attack.cover.terrain && <> · {t("attack.coverTerrain")}</>}
            {attack.cover.unit && <> · {t("attack.coverUnit")}</>}
          </p>
          {attack.partRoll && (
            <p>
              {t("attack.partDie")}: <PartDieFace face={attack.partRoll} size={22} />
            </p>
          )}
          {attack.hitPart && (
            <p>
              {t("attack.hitPart")}: {t(`slot.${attack.hitPart}`)}
            </p>
          )}
          {attack.attackDice.length > 0 && <DiceRow dice={attack.attackDice} label={t("attack.attackPool")} />}
          {attack.defenceDice.length > 0 && <DiceRow dice={attack.defenceDice} label={t("attack.defencePool")} />}
        </div>
      )}
      {ew && (
        <div className="ew-current" data-ew-stage={ew.stage}>
          <p>
            <strong>{t("attack.ewDeclared", { purpose: t(`log.ewPurpose.${ew.purpose}`), caster: unitLabel(view, ew.caster, name), responder: unitLabel(view, ew.responder, name) })}</strong>
            {view.pending?.kind === "ew_reroll" && ewSide && (
              <>
                {" "}
                · {t("attack.current", { stage: t("attack.ewRerollStage", { seat: name(view.pending.seat), role: t(`decision.role.${view.pending.options.side}`) }) })}
              </>
            )}
          </p>
          <DiceRow dice={ew.casterDice} label={t("attack.ewDice", { unit: unitLabel(view, ew.caster, name), role: t("decision.role.caster") })} />
          <DiceRow dice={ew.responderDice} label={t("attack.ewDice", { unit: unitLabel(view, ew.responder, name), role: t("decision.role.responder") })} />
        </div>
      )}
      {steps.length === 0 && !attack && !ew && <p>{t("attack.none")}</p>}
      {steps.length > 0 && (
        <ol className="attack-steps">
          {steps.map((e, i) => {
            if (e.type === "dice_rolled" || e.type === "dice_rerolled") {
              const label = `${t(`log.side.${e.side}`)}${e.type === "dice_rerolled" ? ` (${t("attack.rerollBy", { seat: rerollerOf(e.side, declared?.attacker, declared?.defender) })})` : ""}`;
              return (
                <li key={i}>
                  <DiceRow dice={e.dice} label={label} />
                </li>
              );
            }
            if (e.type === "part_rolled") {
              return (
                <li key={i}>
                  {t("attack.partDie")}
                  {e.reroll ? ` (${t("attack.reroll")})` : ""}: <PartDieFace face={e.roll} size={22} /> {t(`partFace.${e.roll}`)}
                </li>
              );
            }
            if (e.type === "attack_resolved") {
              return (
                <li key={i} className={e.penetrated ? "resolved penetrated" : "resolved"} data-resolved="true">
                  <strong>{t("attack.result", { damage: e.damage, evaded: e.cancelledByEvade, defended: e.cancelledByDefend })}</strong> · {e.hit ? t("attack.hit") : t("attack.miss")} ·{" "}
                  {e.penetrated ? <strong className="penetration">{t("attack.penetration")}</strong> : t("attack.noPenetration")}
                </li>
              );
            }
            const line = eventLine(words, e);
            return line ? <li key={i}>{line}</li> : null;
          })}
        </ol>
      )}
    </section>
  );
}
