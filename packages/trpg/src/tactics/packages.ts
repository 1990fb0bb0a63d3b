/**
 * What a character may do with its AP where it stands (seed 002 3-1 actions): the attack
 * packages of one turn (an aimed, called or burst shot; braced first with a heavy weapon; a
 * pistol's aimed shot and snapshot; one or two melee strikes), healing and stabilising, and an
 * overwatch, each with its worth on average (./odds.ts) and the chance it brings each target down.
 */
import { engagedWith, equipmentOf, itemOfKind, seenBy, standing, statsOf, weaponOf, type Board } from "../board";
import { meleeWeaponOf } from "../attack";
import { actionCost, checkAction } from "../check";
import { distance } from "../geometry";
import type { ActionCommand, CharacterState, Turn } from "../types";
import { blow, over, worth, WORTH, type Blow } from "./odds";
import { directionTo, type Work } from "./reach";

/** One package of actions: its commands, their AP, their worth, and the chance each target is brought down. */
export interface Package {
  readonly commands: readonly ActionCommand[];
  readonly ap: number;
  readonly value: number;
  readonly down: Readonly<Record<string, number>>;
  /** The characters it attacks (they know of the attacker afterwards). */
  readonly targets: readonly string[];
}

/** Doing nothing more. */
export const NOTHING: Package = { commands: [], ap: 0, value: 0, down: {}, targets: [] };

/** Every k-subset of `items` (k >= 1), in order. */
function subsets<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  return items.flatMap((item, i) => subsets(items.slice(i + 1), k - 1).map((rest) => [item, ...rest]));
}

/** The worth of blows spread over targets (id -> blows), with the chance each is brought down. */
function scored(b: Board, byTarget: ReadonlyMap<string, Blow[]>, stakes: Readonly<Record<string, number>>): { value: number; down: Record<string, number> } {
  let value = 0;
  const down: Record<string, number> = {};
  for (const [id, blows] of byTarget) {
    const w = worth(b.characters[id]!, blows, stakes[id]);
    value += w.value;
    down[id] = w.down;
  }
  return { value, down };
}

/**
 * The packages `a` (the acting character, placed on `b`) may play with `ap` AP in `turn`, each
 * checked by the rules' own `checkAction` and costed by their `actionCost` (seed 002 3-1). `cost` is what the free strikes of engaged opponents
 * would take from it when it fires a weapon that is not a pistol (seed 002 3-1 접전).
 */
export function packagesAt(b: Board, a: CharacterState, turn: Turn, ap: number, work: Work, cost: number): Package[] {
  const t0: Turn = { ...turn, ap };
  const ok = (cmd: ActionCommand, t: Turn = t0) => {
    work.spend();
    return checkAction(b, a, t, cmd) === null;
  };
  /** What commands cost together, as the rules charge them. */
  const costOf = (...cmds: ActionCommand[]) => cmds.reduce((n, cmd) => n + actionCost(b, a, t0, cmd), 0);
  const out: Package[] = [NOTHING];
  const foes = Object.values(b.characters)
    .filter((t) => t.side !== a.side && t.status !== "dead" && t.at && seenBy(t, a.side))
    .sort((x, y) => (x.id < y.id ? -1 : 1));
  const w = weaponOf(a);
  const engaged = engagedWith(b, a).length > 0;
  const fireCost = w.kind !== "pistol" && engaged ? cost : 0;
  const push = (commands: ActionCommand[], apUsed: number, byTarget: Map<string, Blow[]>, extra = 0) => {
    const s = scored(b, byTarget, work.stakes);
    out.push({ commands, ap: apUsed, value: s.value - extra, down: s.down, targets: [...byTarget.keys()] });
  };
  if (w.kind !== "melee") {
    // Unbraced, and with a heavy weapon also braced first (seed 002 3-1: bonus action, 2 AP).
    const stances: { prefix: ActionCommand[]; a: CharacterState; b: Board; turn: Turn }[] = [{ prefix: [], a, b, turn: t0 }];
    const brace: ActionCommand = { type: "brace" };
    const aimedAt = (id: string): ActionCommand => ({ type: "shoot", targets: [id], burst: false, called: false });
    const shooting = costOf(aimedAt(""));
    if (w.kind === "heavy" && !a.braced && ap >= costOf(brace) + shooting && ok(brace)) {
      const braced = { ...a, braced: true };
      stances.push({ prefix: [brace], a: braced, b: { ...b, characters: { ...b.characters, [a.id]: braced } }, turn: { ...t0, ap: ap - costOf(brace) } });
    }
    for (const stance of stances) {
      const used = costOf(...stance.prefix) + shooting;
      const valid = foes.filter((t) => ok({ type: "shoot", targets: [t.id], burst: false, called: false }, stance.turn));
      for (const t of valid) {
        work.spend(2);
        const aimed = blow(stance.b, stance.a, t, w.id, "aimed", false);
        const called = blow(stance.b, stance.a, t, w.id, "aimed", true);
        push([...stance.prefix, { type: "shoot", targets: [t.id], burst: false, called: false }], used, new Map([[t.id, [aimed]]]), fireCost);
        push([...stance.prefix, { type: "shoot", targets: [t.id], burst: false, called: true }], used, new Map([[t.id, [called]]]), fireCost);
        const snapshot: ActionCommand = { type: "snapshot", target: t.id, called: false };
        if (w.kind === "pistol" && ap >= shooting + costOf(snapshot) && ok(snapshot, { ...t0, ap: ap - shooting })) {
          work.spend();
          const snap = blow(b, a, t, w.id, "snapshot", false);
          push([aimedAt(t.id), snapshot], shooting + costOf(snapshot), new Map([[t.id, [aimed, snap]]]), fireCost);
        }
      }
      if (w.rateOfFire < 2 || valid.length === 0) continue;
      const single = new Map<string, Blow>();
      work.spend(valid.length);
      for (const t of valid) single.set(t.id, blow(stance.b, stance.a, t, w.id, "burst", false));
      for (let k = 1; k <= Math.min(w.rateOfFire, valid.length); k++) {
        for (const group of subsets(valid, k)) {
          const byTarget = new Map<string, Blow[]>();
          for (let i = 0; i < w.rateOfFire; i++) {
            const t = group[i % group.length]!;
            byTarget.set(t.id, [...(byTarget.get(t.id) ?? []), single.get(t.id)!]);
          }
          push([...stance.prefix, { type: "shoot", targets: group.map((t) => t.id), burst: true, called: false }], used, byTarget, fireCost);
        }
      }
    }
    const shots = out.length > 1;
    if (!shots && foes.length > 0 && ok({ type: "overwatch", dir: 0 })) {
      // Nothing to shoot at: watch the nearest opponent's way; worth a share of a shot at it.
      const near = [...foes].sort((x, y) => distance(a.at!, x.at!) - distance(a.at!, y.at!))[0]!;
      work.spend();
      const shot = blow(b, a, near, w.id, "overwatch", false);
      const watch: ActionCommand = { type: "overwatch", dir: directionTo(a.at!, near.at!) };
      out.push({ commands: [watch], ap: costOf(watch), value: work.weights.overwatch * worth(near, [shot], work.stakes[near.id]).value, down: {}, targets: [] });
    }
  }
  const melee = meleeWeaponOf(a);
  const touching = foes.filter((t) => ok({ type: "melee", target: t.id, called: false }));
  for (const t of touching) {
    work.spend(2);
    const strike = blow(b, a, t, melee, "melee", false);
    const called = blow(b, a, t, melee, "melee", true);
    const at = (id: string, c = false): ActionCommand => ({ type: "melee", target: id, called: c });
    push([at(t.id)], costOf(at(t.id)), new Map([[t.id, [strike]]]));
    push([at(t.id, true)], costOf(at(t.id, true)), new Map([[t.id, [called]]]));
    if (ap >= costOf(at(t.id), at(t.id))) {
      push([at(t.id), at(t.id)], costOf(at(t.id), at(t.id)), new Map([[t.id, [strike, strike]]]));
      for (const u of touching) {
        if (u.id <= t.id) continue;
        work.spend();
        const other = blow(b, a, u, melee, "melee", false);
        push([at(t.id), at(u.id)], costOf(at(t.id), at(u.id)), new Map([[t.id, [strike]], [u.id, [other]]]));
      }
    }
  }
  out.push(...care(b, a, ok, costOf));
  return out;
}

/**
 * Healing and stabilising (seed 002 3-6) within reach: a wound back (the character back on its
 * feet when it was down), or an end to a fallen ally's death saves.
 */
function care(b: Board, a: CharacterState, ok: (cmd: ActionCommand) => boolean, costOf: (cmd: ActionCommand) => number): Package[] {
  const out: Package[] = [];
  const chance = over(6 - statsOf(a).PRC);
  const canHeal = itemOfKind(a, "repair") !== undefined || itemOfKind(a, "medical") !== undefined;
  const medic = equipmentOf(a).some((e) => e.kind === "medical");
  for (const t of Object.values(b.characters).sort((x, y) => (x.id < y.id ? -1 : 1))) {
    if (t.side !== a.side || t.status === "dead") continue;
    const heal: ActionCommand = { type: "heal", target: t.id };
    const stabilise: ActionCommand = { type: "stabilise", target: t.id };
    if (canHeal && ok(heal)) {
      const up = t.status === "incapacitated" ? WORTH.down : 0;
      out.push({ commands: [heal], ap: costOf(heal), value: chance * (WORTH.wound + up) * 0.9, down: {}, targets: [] });
    }
    if (medic && !standing(t) && ok(stabilise)) {
      out.push({ commands: [stabilise], ap: costOf(stabilise), value: chance * 0.6, down: {}, targets: [] });
    }
  }
  return out;
}
