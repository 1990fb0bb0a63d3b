/**
 * A pending decision (link reroll of attack, defence, part or EW dice, hit part, designation
 * ability, the defender's cancellation, chain target, parry, side choice, interception order,
 * blast target, smoke removal): the seat asked gets a prompt that says whose decision it is, with
 * one button per legal answer, the default answer first, outlined and named below the buttons (one
 * click keeps it; it is also what a run-out clock answers); everyone else sees who the match waits
 * for, and as what.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { defaultAnswerInView, type EmberCommand, type EmberView, type PartSlot } from "@fogwar/ember";
import { DiceRow, PartDieFace } from "./Dice";
import { EwStandingLine, StandingLine } from "./Explain";
import { commandKey, localName, partOf, scenarioOf, squareName, unitLabel, unitOf } from "./model";
import { cancelWords, describeCommand } from "./words";
import { useWords } from "./useWords";
import { preferredAnswer, RerollPrefsForm, REROLL_KINDS, useRerollPrefs } from "./rerollPrefs";
import { useInBarSight } from "../../table/ActionBar";
import "../../i18n/table-strings";

export interface DecisionProps {
  readonly view: EmberView;
  readonly seat: string | null;
  readonly legal: readonly EmberCommand[];
  readonly onCommand: (command: EmberCommand) => void;
}

type Pending = NonNullable<EmberView["pending"]>;

/** The role the asked seat decides in, and the unit it decides for (null: a decision of the seat itself). */
function roleOf(view: EmberView, pending: Pending): { role: string; unit: string } | null {
  const attack = view.attack;
  switch (pending.kind) {
    case "ew_reroll":
      return { role: pending.options.side, unit: pending.options.unit };
    case "use_designation":
      return pending.options.by === "attacker" && attack ? { role: "attacker", unit: attack.attacker } : { role: "defender", unit: pending.options.defender };
    case "choose_hit_part":
      return pending.options.by === "attacker" && attack ? { role: "attacker", unit: attack.attacker } : { role: "defender", unit: pending.options.defender };
    case "part_reroll":
    case "attack_reroll":
    case "choose_chain":
      return attack ? { role: "attacker", unit: attack.attacker } : null;
    case "defence_reroll":
    case "declare_parry":
    case "choose_cancellation":
      return attack ? { role: "defender", unit: attack.defender } : null;
    default:
      return null;
  }
}

export function Decision({ view, seat, legal, onCommand }: DecisionProps) {
  const { t, i18n } = useTranslation("table");
  const words = useWords(view);
  const name = words.name;
  const pending = view.pending;
  const mine = pending !== null && pending !== undefined && pending.seat === seat;
  // Standing reroll preferences (./rerollPrefs.tsx): a prompt they answer is answered once, here.
  const [prefs, setPref] = useRerollPrefs();
  const [applied, setApplied] = useState<string | null>(null);
  const answered = useRef<string | null>(null);
  const auto = mine ? preferredAnswer(view, legal, prefs) : null;
  const promptKey = mine ? `${view.round}:${JSON.stringify(pending)}:${JSON.stringify(view.attack ?? null)}` : null;
  useEffect(() => {
    if (!auto || !promptKey || answered.current === promptKey || !pending) return;
    answered.current = promptKey;
    const choice = auto.type === "reroll" && auto.dice.length === 0 ? t("decision.noReroll") : t("decision.rerollAll", { count: auto.type === "reroll" ? auto.dice.length : 0 });
    setApplied(t("prefs.applied", { kind: t(`prefs.kind.${pending.kind}`), choice }));
    onCommand(auto);
  }, [auto, promptKey, pending, onCommand, t]);
  // On a phone the action bar scrolls, and its "more below" edge covered the answers: a question
  // asked of this seat brings them into the bar's sight, then the dice being decided on, which win
  // where both do not fit (the first answers follow them).
  const answersRef = useRef<HTMLDivElement>(null);
  const diceRef = useRef<HTMLDivElement>(null);
  const asked = mine && !auto && legal.length > 0 ? promptKey : null;
  useInBarSight(asked, () => [answersRef.current, diceRef.current]);
  const appliedNote = applied && (
    <div className="auto-note" role="status" data-testid="reroll-applied">
      {applied}
      <RerollPrefsForm prefs={prefs} set={setPref} />
    </div>
  );
  if (!pending) return appliedNote || null;
  const role = roleOf(view, pending);
  const roleWords = role ? t(`decision.role.${role.role}`) : "";
  if (pending.seat !== seat) {
    return (
      <>
        {appliedNote}
        <section className="decision waiting" role="status" aria-live="polite" data-decision="waiting">
          {t(`decision.waiting.${pending.kind}`, { seat: name(pending.seat), role: roleWords })}
        </section>
      </>
    );
  }
  const attack = view.attack;
  const unit = (id: string) => unitLabel(view, id, name);
  let prompt: string;
  let note: string | null = null;
  switch (pending.kind) {
    case "choose_side":
      // With three or four sides, the later sides choose among those left (seed 001 6.1 decision).
      prompt = view.sides ? t("decision.choose_side_next") : t("decision.choose_side");
      break;
    case "choose_hit_part":
      prompt = t("decision.choose_hit_part", { unit: unit(pending.options.defender) });
      break;
    case "part_reroll": {
      // What the face does (seed 000 1.2.1): `choice` lets the attacker pick; a destroyed part is the torso.
      const roll = pending.options.roll;
      const target = unitOf(view, pending.options.defender);
      const gone = roll !== "choice" && target?.kind === "mech" && target.parts[roll as PartSlot].destroyed;
      const key = roll === "choice" ? "decision.part_reroll_choice" : gone ? "decision.part_reroll_torso" : "decision.part_reroll";
      prompt = t(key, { unit: unit(pending.options.defender), face: t(`partFace.${roll}`) });
      break;
    }
    case "declare_parry":
      prompt = t(pending.options.contested ? "decision.declare_parry_contested" : "decision.declare_parry", { unit: unit(pending.options.defender) });
      break;
    case "choose_interceptor":
      prompt = t("decision.choose_interceptor", { unit: unit(pending.options.target) });
      break;
    case "choose_blast_target":
      prompt = t("decision.choose_blast_target", { unit: unit(pending.options.projectile) });
      break;
    case "ew_reroll":
      prompt = t("decision.ew_reroll", { purpose: t(`log.ewPurpose.${pending.options.purpose}`), count: pending.options.dice });
      // What EW is and how the roll is won (seed 000 5, 5.2).
      note = t("decision.ewHow");
      break;
    case "use_designation": {
      const o = pending.options;
      const ability = t(`ability.${o.ability}`);
      prompt = t(`decision.use_designation.${o.by}`, { ability, unit: unit(o.defender) });
      note = t(`decision.designationOther.${o.by}.${o.other}`, { unit: unit(o.defender) });
      break;
    }
    case "choose_chain":
      prompt = t("decision.choose_chain");
      // What each offered keyword does (seed 000 1.2.4), as the unit panel explains it.
      note = [...new Set(pending.options.options.map((o) => o.keyword))].map((k) => t(`keywordHelp.${k}`)).join(" ");
      break;
    case "choose_cancellation":
      prompt = t("decision.choose_cancellation", { unit: unit(pending.options.defender) });
      note = t("decision.cancellationNote");
      break;
    default:
      prompt = t(`decision.${pending.kind}`);
  }
  // A hit part with the white dice it defends with (armour, or structure once damaged, seed 000 1.2.1).
  const hitPartLabel = (slot: PartSlot): string => {
    const defender = pending.kind === "choose_hit_part" ? unitOf(view, pending.options.defender) : undefined;
    const card = defender?.kind === "mech" ? partOf(defender, slot) : undefined;
    if (!defender || defender.kind !== "mech" || !card) return t("decision.part", { part: t(`slot.${slot}`) });
    const damaged = defender.parts[slot].damaged && card.structure !== undefined;
    return t(damaged ? "decision.partDamaged" : "decision.partArmour", { part: t(`slot.${slot}`), count: damaged ? card.structure : card.armour });
  };
  const label = (c: EmberCommand): string => {
    switch (c.type) {
      case "choose_side": {
        // Which edge the side deploys on (seed 001 3.4): the zone's corner squares.
        const zone = (scenarioOf(view).deployment as Record<string, { x0: number; y0: number; x1: number; y1: number } | undefined>)[c.side];
        const side = t("decision.side", { side: t(`side.${c.side}`) });
        return zone ? t("decision.sideZone", { side, from: squareName({ x: zone.x0, y: zone.y0 }), to: squareName({ x: zone.x1, y: zone.y1 }) }) : side;
      }
      case "choose_hit_part":
        return hitPartLabel(c.part);
      case "reroll":
        if (pending.kind === "part_reroll") return c.dice.length ? t("decision.rerollPart") : t("decision.noReroll");
        if (c.dice.length === 0) return t("decision.noReroll");
        if (c.dice.length === 1) return t("decision.rerollDie", { n: (c.dice[0] as number) + 1 });
        return t("decision.rerollAll", { count: c.dice.length });
      case "choose_chain":
        return t("decision.chain", { keyword: t(`keyword.${c.keyword}`), unit: unit(c.target) });
      case "declare_parry":
        return c.part ? t("decision.parryWith", { part: t(`slot.${c.part}`) }) : t("decision.noParry");
      case "use_designation": {
        const ability = pending.kind === "use_designation" ? t(`ability.${pending.options.ability}`) : "";
        return t(c.use ? "decision.useAbility" : "decision.noAbility", { ability });
      }
      case "choose_cancellation": {
        const option = pending.kind === "choose_cancellation" ? pending.options.options.find((o) => o.defend === c.defend && JSON.stringify(o.evade) === JSON.stringify(c.evade)) : undefined;
        return option ? cancelWords(words, option) : describeCommand(words, c);
      }
      case "choose_secondary": {
        const mission = scenarioOf(view).mission.secondaries?.find((m) => m.id === c.secondary);
        return mission ? `${localName(mission.name, i18n.language)}: ${localName(mission.summary, i18n.language)}` : c.secondary;
      }
      case "choose_interceptor":
      case "choose_blast_target":
      case "remove_smoke":
        return describeCommand(words, c);
      default:
        return c.type;
    }
  };
  // The default answer first and marked (docs/rules/ember.md "Defaults"): one click keeps it.
  const best = defaultAnswerInView(view);
  const isBest = (c: EmberCommand) => best !== null && commandKey(c) === commandKey(best);
  // Objective markers are placed on the board's highlighted squares, not from a list.
  const answers = legal.filter((c) => c.type !== "place_objective");
  const ordered = [...answers.filter(isBest), ...answers.filter((c) => !isBest(c))];
  // A link reroll spends 1 link and never the last one (seed 000 4): the rerolling mech's link now.
  const rerolling = (pending.kind === "attack_reroll" || pending.kind === "defence_reroll" || pending.kind === "ew_reroll" || pending.kind === "part_reroll") && role ? view.units.find((u) => u.id === role.unit) : undefined;
  const linkLeft = rerolling?.kind === "mech" ? t("decision.linkLeft", { unit: unit(rerolling.id), link: rerolling.link, max: rerolling.linkMax }) : null;
  const ew = pending.kind === "ew_reroll" ? view.ewRoll : undefined;
  const dice = pending.kind === "attack_reroll" ? attack?.attackDice : pending.kind === "defence_reroll" ? attack?.defenceDice : undefined;
  // The other side's dice, rolled openly (seed 000 1.2.1): the defender sees what it defends against, the attacker what it must beat.
  const otherDice = pending.kind === "attack_reroll" ? attack?.defenceDice : pending.kind === "defence_reroll" ? attack?.attackDice : undefined;
  return (
    <section className="decision mine" role="alert" aria-labelledby="decision-title" data-decision={pending.kind}>
      {appliedNote}
      <h3 id="decision-title">! {role ? t("decision.titleAs", { role: roleWords, unit: unit(role.unit) }) : t("decision.title")}</h3>
      <p>{prompt}</p>
      {linkLeft && <p className="link-left" data-testid="link-left">{linkLeft}</p>}
      {(pending.kind === "part_reroll" || dice || ew || (pending.kind === "choose_cancellation" && attack)) && (
        <div className="decision-dice" ref={diceRef}>
          {pending.kind === "part_reroll" && <PartDieFace face={pending.options.roll} />}
          {dice && <DiceRow dice={dice} label={pending.kind === "attack_reroll" ? t("attack.attackPool") : t("attack.defencePool")} explain={false} />}
          {otherDice && otherDice.length > 0 && <DiceRow dice={otherDice} label={pending.kind === "defence_reroll" ? t("prefs.opponentDice") : t("attack.defencePool")} explain={false} />}
          {dice && <StandingLine view={view} />}
          {ew && (
            <>
              <DiceRow dice={ew.casterDice} label={t("attack.ewDice", { unit: unit(ew.caster), role: t("decision.role.caster") })} explain={false} />
              <DiceRow dice={ew.responderDice} label={t("attack.ewDice", { unit: unit(ew.responder), role: t("decision.role.responder") })} explain={false} />
              <EwStandingLine view={view} />
            </>
          )}
          {pending.kind === "choose_cancellation" && attack && (
            <>
              <DiceRow dice={attack.attackDice} label={t("attack.attackPool")} explain={false} />
              <DiceRow dice={attack.defenceDice} label={t("attack.defencePool")} explain={false} />
            </>
          )}
        </div>
      )}
      <div className="row answers" ref={answersRef}>
        {ordered.map((c) => (
          <button
            key={commandKey(c)}
            type="button"
            className={isBest(c) ? "default" : undefined}
            data-default={isBest(c) ? "true" : undefined}
            aria-describedby={isBest(c) ? "decision-default" : undefined}
            onClick={() => onCommand(c)}
          >
            {label(c)}
          </button>
        ))}
      </div>
      {note && <p className="decision-note">{note}</p>}
      {best && ordered.some(isBest) && (
        <p id="decision-default" className="decision-default">
          {t("decision.defaultNote", { choice: label(best) })}
        </p>
      )}
      {(REROLL_KINDS as readonly string[]).includes(pending.kind) && <RerollPrefsForm prefs={prefs} set={setPref} />}
    </section>
  );
}
