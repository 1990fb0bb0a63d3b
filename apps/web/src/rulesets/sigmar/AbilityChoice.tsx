/**
 * An ability's many ways of use as one short form: when a unit's ability may be used on several
 * combinations of targets (seed 003 29: an ability picks its targets as it is used; Twin blessing
 * picks up to two friendly units, so the rules list every single unit and every pair), the player
 * ticks the units, then uses it. The command sent is the first legal command (in the rules' order)
 * whose targets are exactly the ticked units, so it is one the rules listed; a unit that fits no
 * such command with those already ticked cannot be ticked.
 */
import { useState } from "react";
import type { SigmarCommand, SigmarView } from "@fogwar/sigmar";
import { abilityName, unitName, type SigmarWords } from "./words";

type UseAbility = Extract<SigmarCommand, { type: "use_ability" }>;

/** Beyond this many commands, a unit's ability is offered as a form rather than one button each. */
export const FORM_AT = 4;

/** The seat's `use_ability` commands grouped by unit and ability, in the rules' order. */
export function abilityGroups(legal: readonly SigmarCommand[]): UseAbility[][] {
  const groups = new Map<string, UseAbility[]>();
  for (const c of legal) if (c.type === "use_ability") groups.set(`${c.unit}\u0000${c.ability}`, [...(groups.get(`${c.unit}\u0000${c.ability}`) ?? []), c]);
  return [...groups.values()];
}

const sameSet = (a: readonly string[], b: ReadonlySet<string>) => a.length === b.size && a.every((x) => b.has(x));
const within = (a: readonly string[], b: ReadonlySet<string>) => [...b].every((x) => a.includes(x));

/** The command of `group` whose targets are exactly `chosen` (first in the rules' order), or undefined. */
export function commandFor(group: readonly UseAbility[], chosen: ReadonlySet<string>): UseAbility | undefined {
  return group.find((c) => sameSet(c.targets, chosen));
}

/** The form of one unit's ability: a box per target unit, then "Use". */
export function AbilityChoice({ w, view, group, onSend }: { w: SigmarWords; view: SigmarView; group: readonly UseAbility[]; onSend: (c: SigmarCommand) => void }) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const first = group[0]!;
  const t = w.t;
  const options = [...new Set(group.flatMap((c) => c.targets))];
  const most = Math.max(...group.map((c) => c.targets.length));
  const command = commandFor(group, chosen);
  const toggle = (id: string) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChosen(next);
  };
  return (
    <fieldset className="ability-choice">
      <legend>
        {unitName(w, view, first.unit)}: {abilityName(w, first.ability)}
      </legend>
      <p className="hint">{t("controls.pickTargets", { count: most })}</p>
      <ul className="choice-list">
        {options.map((id) => {
          const on = chosen.has(id);
          const fits = on || group.some((c) => within(c.targets, new Set([...chosen, id])));
          return (
            <li key={id}>
              <label>
                <input type="checkbox" checked={on} disabled={!fits} onChange={() => toggle(id)} /> {unitName(w, view, id)}
              </label>
            </li>
          );
        })}
      </ul>
      <button type="button" disabled={!command} onClick={() => command && onSend(command)}>
        {command && command.targets.length > 0 ? t("controls.useOn", { ability: abilityName(w, first.ability), targets: command.targets.map((id) => unitName(w, view, id)).join(", ") }) : t("controls.use", { ability: abilityName(w, first.ability) })}
      </button>
    </fieldset>
  );
}
