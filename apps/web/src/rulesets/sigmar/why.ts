/**
 * Why a selected unit has no action now, in words a player reads beside the controls: the rule
 * that holds it back in this phase (it ran, so it cannot shoot or charge: project core rule C5; it
 * is in combat, so it cannot move or shoot but with Shoot in Combat weapons: C3 and seed 003 20; it
 * was set up this turn: seed 003 24; no enemy within 12" to charge, or in range and in sight to
 * shoot: C6 and C7; it is not its turn to fight: seed 003 19; it was destroyed), from the seat's own
 * projection.
 */
import { canShootAt, catalog, geometry, mayFightNow, permitted, query, stateFromView, weaponsFor, type SigmarCommand, type SigmarView } from "@fogwar/sigmar";

/** An explanation: an i18n key under `why.` of the `sigmar` namespace, with its values. */
export interface WhyNot {
  readonly key: string;
  readonly values?: Record<string, string | number>;
}

/**
 * Why `unit` (selected by `seat`) has no command in `legal` now, or null when it has one or the
 * question does not arise (no battle phase, not the seat's turn).
 */
export function whyNot(view: SigmarView, seat: string, unit: string, legal: readonly SigmarCommand[]): WhyNot | null {
  if (view.phase !== "battle" || view.pending) return null;
  const u = view.units[unit];
  if (!u) return null;
  if (u.owner !== seat) return { key: "enemy" };
  if (u.where === "reserve") return view.step === "movement" ? null : { key: "reserve" };
  if (u.where === "destroyed") return { key: "destroyed" };
  if (u.where !== "field") return { key: "gone" };
  if (legal.some((c) => "unit" in c && c.unit === unit && c.type !== "command" && c.type !== "use_ability")) return null;
  const s = stateFromView(view);
  const me = s.units[unit]!;
  const engaged = query.inCombat(s, me);
  const enemies = query.fieldUnits(s, query.otherSeat(s, seat));
  switch (view.step) {
    case "movement":
      if (me.did.moved) return { key: "moved" };
      if (me.setUpTurn === s.turn) return { key: "setUp" };
      if (engaged) return { key: me.did.retreated ? "moved" : "inCombatMove" };
      return { key: "cannot" };
    case "shooting": {
      if (me.did.shot) return { key: "shot" };
      if (me.did.ran && !permitted(s, me, "shoot")) return { key: "ranShoot" };
      if (me.did.retreated) return { key: "retreatedShoot" };
      if (weaponsFor(me, "shoot", false).length === 0) return { key: "noRanged" };
      if (engaged && weaponsFor(me, "shoot", true).length === 0) return { key: "inCombatShoot" };
      const answers = enemies.map((e) => canShootAt(s, me, e, engaged));
      if (answers.includes("not_visible")) return { key: "notVisible" };
      return { key: "outOfRange" };
    }
    case "charge":
      if (me.did.charged || me.did.triedCharge) return { key: "charged" };
      if (me.did.ran && !permitted(s, me, "charge")) return { key: "ranCharge" };
      if (me.did.retreated) return { key: "retreatedCharge" };
      if (engaged) return { key: "inCombatCharge" };
      if (!enemies.some((e) => query.unitsWithin(me, e, geometry.inches(catalog.rules.chargeReach)))) return { key: "chargeReach", values: { inches: catalog.rules.chargeReach } };
      return { key: "cannot" };
    case "combat":
      if (!engaged) return { key: "notInCombat" };
      if (s.combat?.fought.includes(unit)) return { key: "fought" };
      if (!mayFightNow(s, me)) return { key: "strikeOrder" };
      return { key: "notYourPick" };
    default:
      return { key: "phase" };
  }
}
