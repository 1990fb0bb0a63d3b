/**
 * A shot's odds beside its confirm (seed 004 "사격": the dice are rolled once the shot is sent, so
 * the player reads its chance first). While the Shoot kind is chosen, the controls show, in this
 * order: each target's chance in one line (the chance to hurt, the damage expected, the target's
 * health left, the chance to kill), the shot's button right under it once a single shot is left,
 * then how the odds are made (the number to beat, the dice and their source, the protection),
 * folded on a phone. The chance and the button are brought into the action bar's sight together:
 * on a phone the bar scrolls, and its "more below" edge hid the chance under a button in sight.
 * The odds are `shotOdds` of the viewer's own projection; none under an older rules version.
 */
import { useRef } from "react";
import { catalog, shotOdds, type ShotOdds, type SiegeCommand, type SiegeView } from "@fogwar/siege";
import { describeCommand } from "./sentences";
import { localName, opName, type SiegeWords } from "./words";
import { useAidsShown } from "../../table/aids";
import { useInBarSight } from "../../table/ActionBar";
import { isWide } from "../../table/media";

/** A probability (0 to 1) as a whole percentage: "67%". */
export const pct = (x: number) => `${Math.round(x * 100)}%`;
/** A number to one decimal: "0.9", "2". */
export const num = (x: number) => (Math.round(x * 10) / 10).toString();


/**
 * How one shot's odds are made (seed 004 "사격" 2-4): the number its dice must beat, then each
 * thing that sets them: the weapon's band at that distance, a stun, lightning dice left out against
 * protection, the protection itself. Shown under a shot's chance and in a reaction's odds (./SiegeAids.tsx).
 */
export function OddsWhy({ odds, w }: { odds: ShotOdds; w: SiegeWords }) {
  const colours = (dice: readonly string[]) => dice.map((c) => w.t(`colour.${c}`)).join(", ");
  const profile = catalog.operators.get(odds.shooter);
  const weapon = profile ? localName(w, profile.weapon.name) : "";
  const mods = odds.modifiers.map((m) => {
    switch (m.kind) {
      case "band":
        return w.t("odds.band", { count: m.distance, weapon, distance: m.distance, upTo: m.upTo >= 99 ? "∞" : m.upTo, dice: colours(m.dice) });
      case "stunned":
        return w.t("odds.stunned", { dice: colours(m.dice) });
      case "lightning":
        return w.t("odds.lightning", { dice: colours(m.dropped) });
      case "protection":
        return w.t(m.shield ? "odds.protectionShield" : "odds.protection", { n: m.amount });
    }
  });
  return (
    <div className="odds-how">
      <strong>{w.t(odds.protection > 0 ? "odds.head" : "odds.headOpen", { shooter: opName(w, odds.shooter), target: opName(w, odds.target), beat: odds.protection })}</strong>
      <ul>
        {mods.map((m, i) => (
          <li key={i}>{m}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The Shoot kind's odds and button. `pairs`: every [shooter, target] the legal shots still open
 * name (one once a target is chosen); `command`: the single shot left, whose button is shown under
 * its chance, else null (the target is still to be chosen, on the map or in its list); `onSend`
 * sends it. Without odds (an older rules version, no pair the rules allow), the button alone.
 */
export function ShotOdds({ view, w, pairs, command, onSend }: { view: SiegeView; w: SiegeWords; pairs: readonly (readonly [string, string])[]; command: SiegeCommand | null; onSend: (c: SiegeCommand) => void }) {
  const shown = useAidsShown();
  const all = shown ? pairs.map(([a, b]) => shotOdds(view, a, b)).filter((o): o is ShotOdds => o !== null) : [];
  const confirmRef = useRef<HTMLDivElement>(null);
  // Once per shot offered (its shooter and targets, the single shot left): the chance and the button into the bar's sight.
  const offered = `${all.map((o) => `${o.shooter}>${o.target}`).join(",")}|${command && "target" in command ? command.target : ""}`;
  useInBarSight(offered, () => [confirmRef.current]);
  const button = command && (
    <ul className="command-list">
      <li>
        <button type="button" className="primary" onClick={() => onSend(command)} data-command={command.type}>
          {describeCommand(w, command, view)}
        </button>
      </li>
    </ul>
  );
  if (all.length === 0) return button;
  return (
    <section className="odds-panel shot-odds" aria-label={w.t("odds.title")}>
      <div ref={confirmRef} className="shot-confirm">
        <h4>{w.t("odds.title")}</h4>
        {all.map((o) => (
          <div key={`${o.shooter}>${o.target}`} className="odds" data-odds-target={opName(w, o.target)}>
            <p className="odds-result">
              {w.t("odds.chance", { shooter: opName(w, o.shooter), target: opName(w, o.target), result: w.t("odds.result", { hit: pct(o.hit), expected: num(o.expected), health: o.healthLeft, kill: pct(o.kill) }) })}
            </p>
          </div>
        ))}
        {button}
      </div>
      <details className="odds-why" open={isWide()}>
        <summary>{w.t("odds.why")}</summary>
        {all.map((o) => (
          <OddsWhy key={`${o.shooter}>${o.target}`} odds={o} w={w} />
        ))}
      </details>
    </section>
  );
}
