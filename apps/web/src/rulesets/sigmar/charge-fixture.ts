/**
 * A test fixture of the charge phase (core rule C6, a rolled charge must end within 1" of its
 * target): p1's Briar Guard in formation round (3000, 1200) with a pending charge of `roll` inches
 * at p2's Cinder Zealots in formation round (3000, `zealotsY`), map units (100 an inch).
 */
import { catalog, geometry, moves, setupBattle, type SigmarState } from "@fogwar/sigmar";

export function chargingState(roll: number, zealotsY: number): SigmarState {
  const s = setupBattle();
  const place = (id: string, owner: string, warscroll: string, y: number) => {
    const w = catalog.warscrolls.get(warscroll)!;
    const at = moves.formation(w.models, geometry.baseRadius(w.baseMm), { x: 3000, y });
    s.units[id] = { id, owner, warscroll, size: w.models, models: at.map((p, i) => ({ id: `${id}-m${i + 1}`, ...p })), damage: 0, where: "field", did: {}, next: w.models + 1 };
  };
  s.units = {};
  place("briar", "p1", "briar_guard", 1200);
  place("zeal", "p2", "cinder_zealots", zealotsY);
  s.units.briar!.did.triedCharge = true;
  Object.assign(s, { phase: "battle", step: "charge", active: "p1", first: "p1", round: 1, turn: 1, cp: { p1: 2, p2: 2 }, hands: { p1: [], p2: [] }, neutralOrder: ["mire_grip", "gale_step"] });
  s.pending = { kind: "charge_move", seat: "p1", unit: "briar", target: "zeal", roll };
  return s;
}
