/**
 * A pending decision (link reroll, hit part, part die reroll, chain target, parry, side choice,
 * interception order, blast target, smoke removal): the
 * seat asked gets a prompt with one button per legal answer; everyone else sees who the match
 * waits for.
 */
import { useTranslation } from "react-i18next";
import type { EmberCommand, EmberView } from "@fogwar/ember";
import { DiceRow, PartDieFace } from "./Dice";
import { commandKey, localName, scenarioOf, unitLabel } from "./model";
import { describeCommand } from "./words";
import { useWords } from "./useWords";
import "../i18n/table-strings";

export interface DecisionProps {
  readonly view: EmberView;
  readonly seat: string | null;
  readonly legal: readonly EmberCommand[];
  readonly onCommand: (command: EmberCommand) => void;
}

export function Decision({ view, seat, legal, onCommand }: DecisionProps) {
  const { t, i18n } = useTranslation("table");
  const words = useWords(view);
  const name = words.name;
  const pending = view.pending;
  if (!pending) return null;
  if (pending.seat !== seat) {
    return (
      <section className="decision waiting" role="status" aria-live="polite" data-decision="waiting">
        {t(`decision.waiting.${pending.kind}`, { seat: name(pending.seat) })}
      </section>
    );
  }
  const attack = view.attack;
  let prompt: string;
  switch (pending.kind) {
    case "choose_side":
      // With three or four sides, the later sides choose among those left (seed 001 6.1 decision).
      prompt = view.sides ? t("decision.choose_side_next") : t("decision.choose_side");
      break;
    case "choose_hit_part":
      prompt = t("decision.choose_hit_part", { unit: unitLabel(view, pending.options.defender, name) });
      break;
    case "part_reroll":
      prompt = t("decision.part_reroll", { unit: unitLabel(view, pending.options.defender, name), face: t(`partFace.${pending.options.roll}`) });
      break;
    case "declare_parry":
      prompt = t(pending.options.contested ? "decision.declare_parry_contested" : "decision.declare_parry", { unit: unitLabel(view, pending.options.defender, name) });
      break;
    case "choose_interceptor":
      prompt = t("decision.choose_interceptor", { unit: unitLabel(view, pending.options.target, name) });
      break;
    case "choose_blast_target":
      prompt = t("decision.choose_blast_target", { unit: unitLabel(view, pending.options.projectile, name) });
      break;
    default:
      prompt = t(`decision.${pending.kind}`);
  }
  const label = (c: EmberCommand): string => {
    switch (c.type) {
      case "choose_side":
        return t("decision.side", { side: t(`side.${c.side}`) });
      case "choose_hit_part":
        return t("decision.part", { part: t(`slot.${c.part}`) });
      case "reroll":
        if (pending.kind === "part_reroll") return c.dice.length ? t("decision.rerollPart") : t("decision.noReroll");
        if (c.dice.length === 0) return t("decision.noReroll");
        if (c.dice.length === 1) return t("decision.rerollDie", { n: (c.dice[0] as number) + 1 });
        return t("decision.rerollAll", { count: c.dice.length });
      case "choose_chain":
        return t("decision.chain", { keyword: t(`keyword.${c.keyword}`), unit: unitLabel(view, c.target, name) });
      case "declare_parry":
        return c.part ? t("decision.parryWith", { part: t(`slot.${c.part}`) }) : t("decision.noParry");
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
  const dice = pending.kind === "attack_reroll" ? attack?.attackDice : pending.kind === "defence_reroll" ? attack?.defenceDice : undefined;
  return (
    <section className="decision mine" role="alert" aria-labelledby="decision-title" data-decision={pending.kind}>
      <h3 id="decision-title">! {t("decision.title")}</h3>
      <p>{prompt}</p>
      {pending.kind === "part_reroll" && <PartDieFace face={pending.options.roll} />}
      {dice && <DiceRow dice={dice} label={pending.kind === "attack_reroll" ? t("attack.attackPool") : t("attack.defencePool")} explain={false} />}
      <div className="row">
        {/* Objective markers are placed on the board's highlighted squares, not from a list. */}
        {legal.filter((c) => c.type !== "place_objective").map((c) => (
          <button key={commandKey(c)} type="button" onClick={() => onCommand(c)}>
            {label(c)}
          </button>
        ))}
      </div>
    </section>
  );
}
