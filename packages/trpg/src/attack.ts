/**
 * Attacks (seed 002 3-4 "전투 판정"): the hit check (ranged Bs, melee Ws with the target's
 * evasion), the dodge check, the penetration check and damage, with the modifiers of 3-1 (called
 * shot, snapshot, suppression, prone), 3-3 (cover, peeking, flanking, unaware targets) and 3-7
 * (field and light). Every die comes from the attacker's stream (./ctx.ts).
 */
import { lineSteps, type Square } from "@fogwar/engine";
import { catalog } from "./data";
import { bonusOf, equipmentOf, archetypeOf, evasionOf, lightLevel, lit, mapOf, peopleInSight, RULES, seatOf, standing, statsOf, statSecret, weaponById, type Board } from "./board";
import type { Ctx } from "./context";
import { coverOnLine, distance, fullCoverEnd, terrainAt, touching, type CoverPiece } from "./geometry";
import { applyDamage, alert } from "./health";
import type { AttackVia, CharacterId, CharacterState, Mod, Task, TrpgEvent, TrpgState } from "./types";

const M = RULES.modifiers;

/** The cover a shot from `a` to `t` crosses (seed 002 3-3), as the shooter's side sees the people on the line. */
export function shotCover(b: Board, a: CharacterState, t: CharacterState): CoverPiece[] {
  const map = mapOf(b);
  const people = peopleInSight(b, [a.id, t.id]);
  // Peeking (seed 002 3-3): adjacent half and three-quarter cover is ignored; full cover only at its ends.
  const ignore = a.peeking ? (s: Square) => ["h", "q"].includes(terrainAt(map, s)) || fullCoverEnd(map, s) : undefined;
  return coverOnLine(map, a.at!, t.at!, people, ignore);
}

/** Whether an ally of `a` flanks `t` with it (seed 002 3-3: the line from `a` to the ally crosses `t`'s square). */
export function flanked(b: Board, a: CharacterState, t: CharacterState): boolean {
  for (const f of Object.values(b.characters)) {
    // An ally concealed from the target's side does not flank it (project decision, as a concealed
    // person gives no cover): the +1 would tell the target's side that someone unseen stands there.
    if (f.side !== a.side || f.id === a.id || !standing(f) || !f.at || f.concealed) continue;
    if (lineSteps(a.at!, f.at).some((step) => step.length === 1 && step[0]!.x === t.at!.x && step[0]!.y === t.at!.y)) return true;
  }
  return false;
}

/** Whether `t` does not know of `a` (seed 002 3-3: +2 against an unaware target). */
export const unawareOf = (b: Pick<TrpgState, "unaware">, t: CharacterState, a: CharacterState): boolean => b.unaware.includes(`${t.id}>${a.id}`);

/**
 * The modifiers of a hit check (seed 002 3-4: "기타요소"), signed (a bonus is positive).
 * Ranged: cover (each piece; -1 less for pieces next to a peeking target), prone target, field
 * and far shots, light, suppression, snapshot, called shot, an unbraced heavy weapon, equipment.
 * Melee: the target's evasion, prone target, called shot. Both: flanking, an unaware target
 * (`unseen`: the attacker is concealed from the target's side; by default as it stands now).
 */
export function hitMods(b: Board, a: CharacterState, t: CharacterState, weapon: string, via: AttackVia, called: boolean, unseen: boolean = a.concealed): Mod[] {
  const mods: Mod[] = [];
  const w = weaponById(weapon);
  if (w.kind === "melee") {
    const ev = evasionOf(statsOf(t).SPD);
    if (ev) mods.push({ source: "evasion", value: -ev });
    if (t.prone) mods.push({ source: "prone_target", value: M.meleeVsProne });
  } else {
    for (const piece of shotCover(b, a, t)) {
      let value = RULES.cover.hit[piece.level];
      if (t.peeking && !piece.person && touching(piece.at, t.at!)) value = Math.min(0, value + 1);
      if (value) mods.push({ source: piece.person ? "cover_person" : `cover_${piece.level}`, value });
    }
    if (t.prone) mods.push({ source: "prone_target", value: M.rangedVsProne });
    const field = catalog.fields.get(b.field)!;
    if (field.shots) mods.push({ source: "field", value: field.shots });
    if (field.farShots && distance(a.at!, t.at!) > field.farShots.beyond) mods.push({ source: "far_shot", value: field.farShots.hit });
    const light = lightLevel(b);
    if (light !== "day" && !lit(b, t.at!)) mods.push({ source: "light", value: light === "dark" ? catalog.light.dark.hit : catalog.light.low.hit });
    if (via === "suppress") mods.push({ source: "suppress", value: M.suppress });
    if (via === "snapshot") mods.push({ source: "snapshot", value: M.snapshot });
    if (w.kind === "heavy" && !a.braced) mods.push({ source: "unbraced", value: M.heavyUnbraced });
    const gear = bonusOf(a, "shoot");
    if (gear) mods.push({ source: "equipment", value: gear });
  }
  if (called) mods.push({ source: "called", value: M.calledShotHit });
  if (flanked(b, a, t)) mods.push({ source: "flanking", value: M.flanking });
  // Seed 002 3-3: "상대가 자신을 인지하지 못한 상태에서 적을 공격할 경우 명중에 +2": a target that does not
  // know of the attacker (an ambush, surprise), or one whose side cannot see it ("은폐하면 적들은 자신을
  // 보지 못하게 됩니다": concealed when it attacked), once.
  if (unawareOf(b, t, a) || unseen) mods.push({ source: "unaware", value: M.unaware });
  return mods;
}

export const sum = (mods: readonly Mod[]): number => mods.reduce((n, m) => n + m.value, 0);

/**
 * What of a roll reads a stat block (seed 002 3-4), for the party's copy in GM mode. `need`: the
 * characters whose stats, weapon or items its target number reads (a shot's reads the shooter's
 * PRC only: "6 - 자신의 정밀 - 기타요소"; melee also the target's evasion, "상대 회피력"; a dodge the
 * dodger's speed; penetration the target's TGH and the weapon's penetration). `mods`: by source,
 * the character whose stat block a modifier comes from (the shooter's equipment and heavy weapon,
 * the target's evasion, the dodger's equipment, the attacker's abilities: "회피에 부정적 수정치를
 * 주는 능력"). Every other modifier (cover, light, field, stance, flanking, awareness, earlier
 * dodges) tells nothing of a stat block.
 */
export interface RollReads {
  readonly need: readonly CharacterId[];
  readonly mods?: Readonly<Record<string, CharacterId>>;
}

/** The combat rolls (seed 002 3-4) whose party copy {@link partyCopy} makes. */
export type RollEvent = Extract<TrpgEvent, { readonly type: "attack" | "dodge" | "penetration" | "shove" }>;

/**
 * The fields a roll's party copy may carry, per roll: a whitelist, so a field added to a roll
 * later reaches the party only once it is listed here (and its secrecy thought through).
 */
const COPIED: { readonly [K in RollEvent["type"]]: readonly (keyof Extract<RollEvent, { type: K }>)[] } = {
  attack: ["type", "attacker", "target", "weapon", "via", "called", "die", "mods", "need", "hit"],
  dodge: ["type", "character", "die", "mods", "need", "success"],
  penetration: ["type", "attacker", "target", "die", "need", "cover", "success"],
  shove: ["type", "attacker", "target", "die", "need", "success"],
};

/**
 * The party's copy of `event` when it reads the stat block of a character `secret` says the
 * party does not know (seed 002 3-4), else null (the party gets the event itself). The copy holds
 * the listed fields only ({@link COPIED}): its target number unless that reads the hidden block,
 * each modifier but those that come from it, the weapon unless the hidden one wields it;
 * `unknownMods` marks a copy whose number is shown while a hidden block's modifiers may apply (a
 * dodge against an enemy whose abilities are unknown). Which parts are hidden follows from who is
 * involved and `reads` alone, never from the hidden values.
 */
export function partyCopy(event: RollEvent, reads: RollReads, secret: (id: CharacterId) => boolean): RollEvent | null {
  const owners = reads.mods ?? {};
  if (![...reads.need, ...Object.values(owners)].some(secret)) return null;
  const needHidden = reads.need.some(secret);
  const listed = Object.fromEntries((COPIED[event.type] as readonly string[]).filter((k) => k in event).map((k) => [k, (event as unknown as Record<string, unknown>)[k]]));
  const mods = "mods" in event ? event.mods.filter((m) => !(m.source in owners && secret(owners[m.source]!))) : undefined;
  return {
    ...listed,
    need: needHidden ? null : event.need,
    ...(mods ? { mods } : {}),
    ...(!needHidden && Object.values(owners).some(secret) ? { unknownMods: true } : {}),
    ...(event.type === "attack" && secret(event.attacker) ? { weapon: null } : {}),
  } as RollEvent;
}

/** Emits a roll: to everyone, or its {@link partyCopy} to the party when it reads a hidden stat block ({@link statSecret}). */
export function emitRoll(ctx: Ctx, event: RollEvent, reads: RollReads): void {
  const shadow = partyCopy(event, reads, (id) => statSecret(ctx.s, [id]));
  if (!shadow) return ctx.emit(event);
  ctx.emitTo("enemies", event, shadow);
}

/** The TGH bonus of full cover on the line (seed 002 3-3): hard +3 each, soft 0, medium the master's `medium`. */
export function coverToughness(pieces: readonly CoverPiece[], medium: number): number {
  return pieces.reduce((n, p) => n + (p.level !== "full" ? 0 : p.material === "hard" ? RULES.cover.hardToughness : p.material === "medium" ? medium : 0), 0);
}

/** Whether a target may try to dodge a shot (seed 002 3-4: a supercharger slot left, able to act). */
function canDodge(t: CharacterState): boolean {
  return standing(t) && equipmentOf(t).some((e) => e.kind === "supercharger" && (t.slots[e.id] ?? 0) > 0);
}

/** The dodge penalty of the attacker's abilities (seed 002 3-4). */
const abilityPenalty = (a: CharacterState): number => (archetypeOf(a).abilities ?? []).reduce((n, x) => n + (x.dodgePenalty ?? 0), 0);

/**
 * The modifiers of `target`'s dodge roll against `attacker`'s hit (seed 002 3-4 회피 판정: "d6를
 * 굴려 환경요소와 장비의 수정치를 더해 6-자신의 신속성을 넘기면"): -1 for each dodge it made since its
 * turn (`dodged`), the attacker's abilities (`ability`), its equipment (`equipment`). The roll
 * succeeds when d6 + these is over 6 - SPD. `attacker` null: its abilities unknown (its stat block
 * hidden from the viewer), left out.
 */
export function dodgeMods(target: CharacterState, attacker: CharacterState | null): Mod[] {
  const mods: Mod[] = [];
  if (target.dodges) mods.push({ source: "dodged", value: -target.dodges });
  const ability = attacker ? abilityPenalty(attacker) : 0;
  if (ability) mods.push({ source: "ability", value: -ability });
  const gear = bonusOf(target, "dodge");
  if (gear) mods.push({ source: "equipment", value: gear });
  return mods;
}

/**
 * One step of an attack task: the hit roll, then (for shots) the target's dodge decision and
 * roll, then penetration (with the master's medium-cover decision in GM mode) and damage.
 * Returns true when the attack is over, false when it waits for a decision.
 */
export function stepAttack(ctx: Ctx, t: Task & { kind: "attack" }): boolean {
  const s = ctx.s;
  const a = s.characters[t.attacker]!;
  const target = s.characters[t.target]!;
  const w = weaponById(t.weapon);
  if (t.stage === "hit") {
    if (!standing(a) || target.status === "dead" || !a.at || !target.at) return true;
    const mods = hitMods(s, a, target, t.weapon, t.via, t.called, t.unseen === true);
    const stat = w.kind === "melee" ? statsOf(a).BRT : statsOf(a).PRC;
    const need = 6 - stat - sum(mods);
    const die = ctx.d6(a.id, "dice");
    const hit = die > need;
    // Seed 002 3-4: a shot's number reads the shooter's PRC (its items and heavy weapon), melee's also the target's evasion.
    const reads: RollReads = w.kind === "melee" ? { need: [a.id, target.id], mods: { evasion: target.id } } : { need: [a.id], mods: { equipment: a.id, unbraced: a.id } };
    emitRoll(ctx, { type: "attack", attacker: a.id, target: target.id, weapon: t.weapon, via: t.via, called: t.called, die, mods, need, hit }, reads);
    alert(ctx, target, a);
    if (!hit) return true;
    t.stage = w.kind !== "melee" && canDodge(target) ? "dodge" : "pen";
    if (t.stage === "dodge") {
      s.pending = { kind: "dodge", seat: seatOf(s, target.id), options: ["dodge", "take"], target: target.id, attacker: a.id };
      return false;
    }
  }
  if (t.stage === "dodge") {
    const answer = t.answer;
    delete t.answer;
    t.stage = "pen";
    if (answer === "dodge") {
      const item = equipmentOf(target).find((e) => e.kind === "supercharger" && (target.slots[e.id] ?? 0) > 0)!;
      target.slots[item.id] = (target.slots[item.id] ?? 0) - 1;
      const mods = dodgeMods(target, a);
      const need = 6 - statsOf(target).SPD;
      const die = ctx.d6(a.id, "dice");
      const success = die + sum(mods) > need;
      emitRoll(ctx, { type: "dodge", character: target.id, die, mods, need, success }, { need: [target.id], mods: { ability: a.id, equipment: target.id } });
      if (success) {
        target.dodges++;
        return true;
      }
    }
  }
  // Penetration (seed 002 3-4) with the TGH bonus of full cover (seed 002 3-3).
  const pieces = w.kind === "melee" ? [] : shotCover(s, a, target);
  if (t.coverBonus === undefined && pieces.some((p) => p.level === "full" && p.material === "medium")) {
    if (s.mode === "gm") {
      const { min, max } = RULES.cover.mediumToughness;
      s.pending = { kind: "cover_strength", seat: s.seats.enemies[0]!, options: Array.from({ length: max - min + 1 }, (_, i) => String(min + i)), target: target.id };
      return false;
    }
    t.coverBonus = RULES.cover.mediumToughness.versus;
  }
  const cover = coverToughness(pieces, t.coverBonus ?? 0);
  const need = statsOf(target).TGH + cover - w.penetration;
  const die = ctx.d6(a.id, "dice");
  const success = die > need;
  emitRoll(ctx, { type: "penetration", attacker: a.id, target: target.id, die, need, cover, success }, { need: [a.id, target.id] });
  if (success) applyDamage(ctx, target, w.damage + (t.called ? M.calledShotDamage : 0));
  return true;
}

/** The melee weapon a character strikes with: its first melee weapon, or a rifle butt. */
export function meleeWeaponOf(c: CharacterState): string {
  return archetypeOf(c).weapons.find((id) => weaponById(id).kind === "melee") ?? "butt_stroke";
}

/**
 * A weapon's reduced range in squares (seed 002 3-1: "사정거리의 75% 이내", "사정거리의 75% 길이" for
 * suppression and overwatch, 50 % for snapshots), exact and not rounded: a range of 30 gives 22.5
 * squares, and distances (a diagonal step 1.5) are compared against that value.
 */
export const reducedRange = (range: number, percent: number): number => (range * percent) / 100;
