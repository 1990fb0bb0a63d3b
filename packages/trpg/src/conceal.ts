/**
 * Spotting and concealment (seed 002 3-3 "색적, 은엄폐"): the concealment roll and who may try it,
 * the concealment value against one observer (prone +1, the distance penalty, -2 a shot since),
 * the spotting roll that reveals every concealed enemy at or below it, the free reactive attempt
 * when a concealed enemy first comes within 3 x COG squares, and the re-spot after each shot.
 *
 * Presence (docs/rules/trpg.md): a spotting roll is the same roll whatever it finds; a reactive
 * attempt happens only because a concealed character moved, so its die comes from that
 * character's stream and, when it fails, only that character's side hears of it.
 */
import { catalog } from "./data";
import { bonusOf, lightLevel, lit, mapOf, peopleInSight, RULES, seenBy, standing, statsOf, statSecret, type Board } from "./board";
import type { Ctx } from "./context";
import { coverOnLine, distance, wallBetween } from "./geometry";
import { rememberSeen, reveal } from "./reveal";
import type { CharacterId, CharacterState, ConcealmentAgainst, Mod, Side, SpotCheck } from "./types";

const C = RULES.conceal;

const total = (die: number, mods: readonly Mod[]) => die + mods.reduce((n, m) => n + m.value, 0);

/** The concealment penalty for an observer this close (seed 002 3-3: within 5 squares -3, 6-10 -2, 11-20 -1). */
export function distancePenalty(d: number): number {
  for (const row of C.distance) if (d <= row.within) return row.penalty;
  return 0;
}

/**
 * What changes `c`'s concealment value against `observer` (seed 002 3-3), each with its source:
 * `conceal_prone` +1 (3-1 "엎드린 상태에서는 은폐에 +1"), `distance` (within 5 squares -3, 6-10 -2,
 * 11-20 -1) and `shots_fired` (-2 a shooting action since it concealed, cumulative).
 */
export function concealmentMods(c: CharacterState, observer: CharacterState): Mod[] {
  const mods: Mod[] = [];
  if (c.prone) mods.push({ source: "conceal_prone", value: C.prone });
  const near = distancePenalty(distance(c.at!, observer.at!));
  if (near) mods.push({ source: "distance", value: -near });
  const shots = c.concealment!.shots;
  if (shots) mods.push({ source: "shots_fired", value: -C.shotPenalty * shots });
  return mods;
}

/** `c`'s concealment value against `observer` now: its rolled value with {@link concealmentMods}. */
export function effectiveConcealment(c: CharacterState, observer: CharacterState): number {
  return total(c.concealment!.value, concealmentMods(c, observer));
}

/** `c`'s concealment as `observer` meets it, for the events: the rolled value, its modifiers and the number the spotting total must reach. */
export function concealmentAgainst(c: CharacterState, observer: CharacterState): ConcealmentAgainst & { readonly value: number; readonly need: number } {
  const mods = concealmentMods(c, observer);
  return { value: c.concealment!.value, mods, need: total(c.concealment!.value, mods) };
}

/**
 * The spotting modifiers of the cover between observer and target (seed 002 3-3: half -1, 3/4 -2,
 * full -3, each piece), named as a shot's cover is (`cover_half`, ..., `cover_person`).
 */
export function spotCoverMods(b: Board, o: CharacterState, c: CharacterState): Mod[] {
  const people = peopleInSight(b, [o.id, c.id]);
  return coverOnLine(mapOf(b), o.at!, c.at!, people).map((p) => ({ source: p.person ? "cover_person" : `cover_${p.level}`, value: RULES.cover.spot[p.level] }));
}

/** The spotting modifier of the cover between observer and target: the sum of {@link spotCoverMods}. */
export function spotCover(b: Board, o: CharacterState, c: CharacterState): number {
  return total(0, spotCoverMods(b, o, c));
}

/** Whether `o` can look at `c` at all: no wall between, and within sight in darkness outside the light (seed 002 3-7). */
export function inSight(b: Board, o: CharacterState, c: CharacterState): boolean {
  if (wallBetween(mapOf(b), o.at!, c.at!)) return false;
  return !(lightLevel(b) === "dark" && !lit(b, c.at!) && distance(o.at!, c.at!) > catalog.light.dark.sight);
}

/** The spotting roll's own modifiers: COG and equipment. */
function spotMods(o: CharacterState): Mod[] {
  const mods: Mod[] = [{ source: "COG", value: statsOf(o).COG }];
  const gear = bonusOf(o, "spot");
  if (gear) mods.push({ source: "equipment", value: gear });
  return mods;
}

/**
 * `c`'s concealment as the party may hear of it: without the rolled value and the number it set
 * when `c`'s stat block is hidden from the party (GM mode, seed 002 3-4: the concealment roll read
 * its COG and equipment, and its own event keeps them from the party).
 */
function partyConcealment(s: Board, c: CharacterId, k: ConcealmentAgainst): ConcealmentAgainst {
  return statSecret(s, [c]) ? { ...k, value: null, need: null } : k;
}

/**
 * A spotting roll by `o` (seed 002 3-3): d6 + COG (+ equipment); every concealed enemy whose
 * value against `o` is at or below the roll less the cover between is revealed. The roll is
 * public and names only what it found; for each found character it shows how they met
 * ({@link SpotCheck}: the cover, the total with it, the value with its modifiers), never anything
 * of one it did not find.
 */
export function spot(ctx: Ctx, o: CharacterState): void {
  const s = ctx.s;
  const die = ctx.d6(o.id, "hidden");
  const mods = spotMods(o);
  const roll = total(die, mods);
  const found: string[] = [];
  const checks: SpotCheck[] = [];
  for (const c of Object.values(s.characters).sort((x, y) => (x.id < y.id ? -1 : 1))) {
    if (c.side === o.side || !c.concealed || c.status === "dead" || !c.at) continue;
    if (!inSight(s, o, c)) continue;
    const cover = spotCoverMods(s, o, c);
    const concealment = concealmentAgainst(c, o);
    if (total(roll, cover) >= concealment.need) {
      found.push(c.id);
      checks.push({ character: c.id, cover, total: total(roll, cover), concealment });
    }
  }
  const event = { type: "spotting" as const, observer: o.id, die, mods, total: roll, found, checks };
  const hiddenObserver = statSecret(s, [o.id]);
  const copy =
    hiddenObserver || checks.some((k) => statSecret(s, [k.character]))
      ? { ...event, ...(hiddenObserver ? { mods: [], total: null } : {}), checks: checks.map((k) => ({ ...k, total: hiddenObserver ? null : k.total, concealment: partyConcealment(s, k.character, k.concealment) })) }
      : event;
  // A concealed observer (a delayed turn) spots unseen: only its side hears of the roll.
  if (o.concealed) ctx.emitTo(o.side, o.side === "party" ? copy : event);
  else if (copy !== event) ctx.emitTo("enemies", event, copy);
  else ctx.emit(event);
  for (const id of found) reveal(ctx, s.characters[id]!, "spotted", o.concealed ? undefined : o.id);
}

/**
 * One attempt of `o` against the concealed `c` (reactive, or a re-spot after a shot), with `c`'s
 * die (their pair's stream). A success reveals `c` to everyone (naming `o` only if `o` is seen). A failure tells nobody
 * anything is there: after a shot, `c`'s side gets the numbers and the others that the shooter
 * stayed hidden (they know of the shot); a reactive failure goes to `c`'s side when `o` is seen,
 * and to the game master alone when `o` is hidden too (its side would learn `c` is near, `c`'s
 * side that `o` is there).
 */
function attempt(ctx: Ctx, o: CharacterState, c: CharacterState, cause: "reactive" | "respot"): boolean {
  // The pair's own stream: an attempt that only happens because `c` is there moves no other dice.
  const die = ctx.d6(`${o.id}>${c.id}`, "hidden");
  const mods = [...spotMods(o), ...spotCoverMods(ctx.s, o, c)];
  const roll = total(die, mods);
  const concealment = concealmentAgainst(c, o);
  const need = concealment.need;
  const success = roll >= need;
  const event = { type: "reactive_spot" as const, observer: o.id, target: c.id, cause, die, mods, total: roll, need, concealment, success };
  const hiddenObserver = statSecret(ctx.s, [o.id]);
  const hiddenTarget = statSecret(ctx.s, [c.id]);
  const copy =
    hiddenObserver || hiddenTarget
      ? {
          ...event,
          ...(hiddenObserver ? { mods: mods.filter((m) => m.source.startsWith("cover_")), total: null } : {}),
          ...(hiddenTarget ? { need: null, concealment: partyConcealment(ctx.s, c.id, concealment) } : {}),
        }
      : event;
  /** The roll for `side`: the party hears its copy. */
  const to = (side: Side) => (side === "party" ? copy : event);
  if (success) {
    if (o.concealed) ctx.emitTo(o.side, to(o.side));
    else if (copy !== event) ctx.emitTo("enemies", event, copy);
    else ctx.emit(event);
    reveal(ctx, c, cause, o.concealed ? undefined : o.id);
  } else if (cause === "respot") ctx.emitTo(c.side, to(c.side), { type: "reactive_spot", observer: o.id, target: c.id, cause, success });
  else if (!o.concealed) ctx.emitTo(c.side, to(c.side));
  else ctx.emitToMaster(event);
  return success;
}

/**
 * After the concealed `c` moved: each opponent it has come within 3 x COG squares of for the first
 * time gets its free reactive attempt (seed 002 3-3). The attempt is spent on entering the range,
 * and rolled only when nothing blocks the sight.
 */
export function reactiveSpotting(ctx: Ctx, c: CharacterState): void {
  const s = ctx.s;
  // Observers `c`'s side can see try first (then by id): one of them finding `c` is what `c`'s
  // side would see anyway, so an unseen observer's attempt shows only when every seen one failed.
  const seenFirst = (o: CharacterState) => (seenBy(o, c.side) ? 0 : 1);
  const observers = Object.values(s.characters).sort((x, y) => seenFirst(x) - seenFirst(y) || (x.id < y.id ? -1 : 1));
  for (const o of observers) {
    if (!c.concealed) return;
    if (o.side === c.side || !standing(o) || !o.at || !c.at) continue;
    const pair = `${o.id}>${c.id}`;
    if (s.reactive.includes(pair) || distance(o.at, c.at) > C.reactiveRangePerCog * statsOf(o).COG) continue;
    s.reactive.push(pair);
    if (inSight(s, o, c)) attempt(ctx, o, c, "reactive");
  }
}

/** After a concealed `shooter` shot (seed 002 3-3): its targets roll to spot it again, the shooter's value 2 lower a shot. */
export function respot(ctx: Ctx, shooter: CharacterState, observers: readonly string[]): void {
  for (const id of observers) {
    const o = ctx.s.characters[id]!;
    if (!shooter.concealed) return;
    if (!standing(o) || !o.at || !shooter.at || !inSight(ctx.s, o, shooter)) continue;
    attempt(ctx, o, shooter, "respot");
  }
}

/**
 * Whether `c` may try to conceal (seed 002 3-3): covered by three-quarter cover or better from
 * every opponent its side can see that is standing and looking its way (a wall, darkness beyond
 * sight, or an opponent that does not know of it also hides it).
 */
export function canConceal(b: Board, c: CharacterState): boolean {
  const map = mapOf(b);
  for (const o of Object.values(b.characters)) {
    if (o.side === c.side || !standing(o) || !o.at || !seenBy(o, c.side)) continue;
    if (!inSight(b, o, c)) continue;
    if (b.unaware.includes(`${o.id}>${c.id}`)) continue;
    const pieces = coverOnLine(map, o.at, c.at!, new Set());
    if (!pieces.some((p) => p.level !== "half")) return false;
  }
  return true;
}

/**
 * The concealment roll (seed 002 3-3): d6 + COG + the field's bonus (3-7) + equipment; it fails
 * unless it exceeds 4 (at least 4 outside the light in low light or darkness: "컨실 4+").
 * The value goes to the character's side only; everyone sees that it concealed.
 */
export function conceal(ctx: Ctx, c: CharacterState): void {
  const s = ctx.s;
  const die = ctx.d6(c.id, "hidden");
  const mods: Mod[] = [{ source: "COG", value: statsOf(c).COG }];
  const field = catalog.fields.get(s.field)!;
  if (field.conceal) mods.push({ source: "field", value: field.conceal });
  const gear = bonusOf(c, "conceal");
  if (gear) mods.push({ source: "equipment", value: gear });
  const value = total(die, mods);
  const minimum = lightLevel(s) !== "day" && !lit(s, c.at!) ? C.lowLightMinimum : C.minimum;
  const success = value >= minimum;
  if (!success) {
    if (statSecret(s, [c.id])) ctx.emitTo("enemies", { type: "concealed", character: c.id, success, die, mods, value }, { type: "concealed", character: c.id, success });
    else ctx.emit({ type: "concealed", character: c.id, success, die, mods, value });
    return;
  }
  c.concealed = true;
  c.concealment = { value, shots: 0 };
  c.lastSeen = c.at;
  // The other side keeps what it saw: nothing of its unseen turns shows there (docs/rules/trpg.md "Presence").
  rememberSeen(s, c);
  ctx.emitTo(c.side, { type: "concealed", character: c.id, success, die, mods, value }, { type: "concealed", character: c.id, success });
}

