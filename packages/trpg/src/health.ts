/**
 * Wounds, incapacitation and death (seed 002 3-6 "치료 판정과 무력화 상태"), healing and
 * stabilising, and awareness after an attack (seed 002 3-2 surprise, 3-3 unaware targets).
 */
import { itemOfKind, other, RULES, seenBy, statsOf, statSecret } from "./board";
import type { Ctx } from "./context";
import { reveal } from "./reveal";
import type { CharacterState, Task, TrpgEvent } from "./types";

/** Puts a task right after the one running (or first when none runs). */
export function queueNext(ctx: Ctx, task: Task): void {
  ctx.s.tasks.splice(Math.min(1, ctx.s.tasks.length), 0, task);
}

/** Whether events about `c` are its side's secret (the other side cannot see it). */
export const secretOf = (c: CharacterState): boolean => !seenBy(c, other(c.side));

/**
 * A character dies (seed 002 3-6). One the other side has never seen dies unseen
 * (docs/rules/trpg.md "Presence", "Deaths nobody saw"): only its side (and the master) hears of
 * it, and its body stays where it fell, concealed; the other side learns of it when the match's
 * history is shown at the end. A concealed one the other side knows of is found where it fell.
 */
export function kill(ctx: Ctx, c: CharacterState): void {
  const unseen = c.concealed && !c.known;
  if (c.concealed && !unseen) reveal(ctx, c, "fallen");
  c.status = "dead";
  c.overwatch = null;
  c.peeking = false;
  c.braced = false;
  ctx.emitIf(unseen, c.side, { type: "died", character: c.id });
}

function incapacitate(ctx: Ctx, c: CharacterState): void {
  c.status = "incapacitated";
  c.overwatch = null;
  c.peeking = false;
  c.braced = false;
  ctx.emitIf(secretOf(c), c.side, { type: "incapacitated", character: c.id });
}

/** Adds death-save failures (seed 002 3-6: each wound taken while at 0 W is one); three kill. */
function addFailures(ctx: Ctx, c: CharacterState, n: number): void {
  c.deathFails += n;
  if (c.deathFails >= RULES.deathSaves.failuresToDie) kill(ctx, c);
  else if (c.status === "active") incapacitate(ctx, c);
}

/**
 * `amount` wounds to `c` (seed 002 3-6): at 0 W a party character is incapacitated, an enemy dies
 * at once (in GM mode the master may keep it alive, incapacitated: a decision, asked only when
 * the party can see it fall: docs/rules/trpg.md "Presence", "Deaths nobody saw"); a character
 * already at 0 W (incapacitated, or a walking-wounded one come into the fight at 0 W) adds a
 * death-save failure per wound instead.
 */
export function applyDamage(ctx: Ctx, c: CharacterState, amount: number): void {
  if (c.status === "dead" || amount <= 0) return;
  const before = c.wounds;
  c.wounds = Math.max(0, c.wounds - amount);
  const event = { type: "damaged" as const, character: c.id, amount, wounds: c.wounds };
  if (secretOf(c)) ctx.emitTo(c.side, event);
  // What is left of a stat block the party does not know is the master's (seed 002 3-4): the party hears the wound, not the count.
  else if (statSecret(ctx.s, [c.id])) ctx.emitTo("enemies", event, { ...event, wounds: null });
  else ctx.emit(event);
  if (before === 0) return addFailures(ctx, c, amount);
  if (c.wounds > 0) return;
  if (c.side === "enemies") {
    // Asking would stop the round-end step and name the enemy to every seat: an unseen one dies as the seed says ("적은 ... 즉시 사망").
    if (ctx.s.mode === "gm" && !secretOf(c)) queueNext(ctx, { kind: "down", character: c.id });
    else kill(ctx, c);
    return;
  }
  incapacitate(ctx, c);
}

/** The `down` task: the master keeps a fallen enemy alive (incapacitated) or lets it die (seed 002 3-6). */
export function stepDown(ctx: Ctx, t: Task & { kind: "down" }): boolean {
  const c = ctx.s.characters[t.character]!;
  if (c.status === "dead") return true;
  if (t.answer === undefined) {
    ctx.s.pending = { kind: "enemy_down", seat: ctx.s.seats.enemies[0]!, options: ["kill", "incapacitate"], character: c.id };
    return false;
  }
  if (t.answer === "kill") kill(ctx, c);
  else incapacitate(ctx, c);
  return true;
}

/** A death save at the start of the character's turn (seed 002 3-6: 1-3 succeeds, 4-6 fails; three failures kill). */
export function deathSave(ctx: Ctx, c: CharacterState): void {
  const die = ctx.d6(c.id, "hidden");
  const success = die <= RULES.deathSaves.successAtMost;
  if (!success) c.deathFails++;
  ctx.emitIf(secretOf(c), c.side, { type: "death_save", character: c.id, die, success, fails: c.deathFails });
  if (c.deathFails >= RULES.deathSaves.failuresToDie) kill(ctx, c);
}

/** The number a healing or stabilising check's d6 must roll over (seed 002 3-6 치료 판정: "6- 정밀을 넘기면"): 6 - the healer's PRC. */
export const healNeed = (healer: CharacterState): number => 6 - statsOf(healer).PRC;

/**
 * A healing or stabilising check's event: heard by the healer's side alone unless the other side
 * sees both (docs/rules/trpg.md "Presence"); where the party hears a healer whose stat block it
 * does not know (GM mode, seed 002 3-4), without the number to beat, which reads the healer's PRC.
 */
function emitHealing(ctx: Ctx, healer: CharacterState, target: CharacterState, event: Extract<TrpgEvent, { type: "healed" | "stabilised" }>): void {
  if (secretOf(healer) || secretOf(target)) ctx.emitTo(healer.side, event);
  else if (statSecret(ctx.s, [healer.id])) ctx.emitTo("enemies", event, { ...event, need: null });
  else ctx.emit(event);
}

/**
 * Healing (seed 002 3-6): one use of an emergency repair kit or a medkit, d6 over 6 - PRC of the
 * healer: one wound back. A character at 0 W who gets one back is no longer incapacitated. The
 * `healed` event reaches the other side only when it can see both healer and target.
 */
export function heal(ctx: Ctx, healer: CharacterState, target: CharacterState): void {
  const item = itemOfKind(healer, "repair") ?? itemOfKind(healer, "medical")!;
  healer.slots[item.id] = (healer.slots[item.id] ?? 0) - 1;
  const need = healNeed(healer);
  const die = ctx.d6(healer.id, "hidden");
  const success = die > need;
  // Seen by the other side only when both are (docs/rules/trpg.md "Presence").
  emitHealing(ctx, healer, target, { type: "healed", character: target.id, by: healer.id, item: item.id, die, need, success });
  if (!success) return;
  target.wounds = Math.min(statsOf(target).W, target.wounds + 1);
  if (target.status === "incapacitated") target.status = "active";
}

/** Stabilising (seed 002 3-6): medical gear and the healing check, no use spent; no more death saves. Heard as `healed` is. */
export function stabilise(ctx: Ctx, healer: CharacterState, target: CharacterState): void {
  const need = healNeed(healer);
  const die = ctx.d6(healer.id, "hidden");
  const success = die > need;
  emitHealing(ctx, healer, target, { type: "stabilised", character: target.id, by: healer.id, die, need, success });
  if (success) target.stabilised = true;
}

/**
 * After `attacker` attacks `target`: each knows of the other now (seed 002 3-3 "상대가 자신을
 * 인지하지 못한 상태에서": the target has perceived its attacker, and one that attacks has perceived
 * what it attacks: since `trpg-0.6.0`, a surprised character that shot an enemy gives that enemy no
 * +2 against it), and a surprised side is alerted (3-2): surprise ends, and its characters know of
 * every opponent they can see.
 */
export function alert(ctx: Ctx, target: CharacterState, attacker: CharacterState): void {
  const s = ctx.s;
  s.unaware = s.unaware.filter((pair) => pair !== `${target.id}>${attacker.id}` && pair !== `${attacker.id}>${target.id}`);
  if (s.surprised === target.side) endSurprise(ctx);
}

/** Ends the surprise of the surprised side (seed 002 3-2). */
export function endSurprise(ctx: Ctx): void {
  const s = ctx.s;
  const side = s.surprised;
  if (side === null) return;
  s.surprised = null;
  s.unaware = s.unaware.filter((pair) => {
    const [t, a] = pair.split(">") as [string, string];
    return !(s.characters[t]?.side === side && !s.characters[a]?.concealed);
  });
  ctx.emit({ type: "surprise_over", side });
}

