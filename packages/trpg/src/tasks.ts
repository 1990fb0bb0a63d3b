/**
 * The rules' work queue: an action may need answers before it is done (an overwatch shot while a
 * character moves, the target's dodge, a suppressed target dropping prone, the master's
 * decisions). Each piece of work is a {@link Task} kept in the state; `runTasks` works through
 * them until one waits for a decision (`pending`), which `decide` answers.
 */
import { mapOf, other, seatOf, seenBy, standing } from "./board";
import type { Ctx } from "./context";
import { inCone } from "./geometry";
import { meleeWeaponOf, stepAttack } from "./attack";
import { reactiveSpotting, respot } from "./conceal";
import { stepDown } from "./health";
import { rememberSeen, reveal } from "./reveal";
import type { CharacterState, Task } from "./types";

/** Works through the tasks until one waits for a decision or none is left. */
export function runTasks(ctx: Ctx): void {
  const s = ctx.s;
  while (s.pending === null && s.tasks.length > 0) {
    const task = s.tasks[0]!;
    const done = stepTask(ctx, task);
    if (done) {
      const i = s.tasks.indexOf(task);
      if (i >= 0) s.tasks.splice(i, 1);
    } else if (s.pending !== null) return;
  }
}

function stepTask(ctx: Ctx, t: Task): boolean {
  switch (t.kind) {
    case "attack":
      return stepAttack(ctx, t);
    case "move":
      return stepMove(ctx, t);
    case "drop":
      return stepDrop(ctx, t);
    case "down":
      return stepDown(ctx, t);
    case "respot":
      respot(ctx, ctx.s.characters[t.shooter]!, t.observers);
      return true;
    case "free_strike":
      return stepFreeStrike(ctx, t);
  }
}

/**
 * An engaged opponent's free strike (seed 002 3-1 접전: it *may* strike once, at no cost, before
 * the move or the shot; once until its next turn). Its seat is asked `strike` or `spare` (the
 * first, `strike`, is the default a run-out clock or a bot takes); an opponent no longer able to
 * strike (down, prone, its strike spent) is not asked. Engagement needs both to see each other,
 * so the question names nobody the asked side cannot see; its cause (leaving or firing) is what
 * the one struck declared in plain sight of the striker.
 */
function stepFreeStrike(ctx: Ctx, t: Task & { kind: "free_strike" }): boolean {
  const s = ctx.s;
  const o = s.characters[t.striker]!;
  const c = s.characters[t.target]!;
  if (!standing(o) || o.prone || o.spent.includes("free_strike") || !standing(c) || !o.at || !c.at) return true;
  if (t.answer === undefined) {
    s.pending = { kind: "free_strike", seat: seatOf(s, o.id), options: ["strike", "spare"], attacker: o.id, target: c.id, cause: t.cause };
    return false;
  }
  if (t.answer === "strike") {
    o.spent.push("free_strike");
    s.tasks.splice(s.tasks.indexOf(t) + 1, 0, attackTask(o, c, meleeWeaponOf(o), "free_strike", false));
  }
  return true;
}

/**
 * An attack task for `a` against `t`. Made when the attack is declared, so `unseen` records whether
 * `a` was concealed then (seed 002 3-3: an enemy that cannot see it has not perceived it, +2 to hit;
 * a melee attack ends the concealment only as it is made).
 */
export const attackTask = (a: CharacterState, target: CharacterState, weapon: string, via: Extract<Task, { kind: "attack" }>["via"], called: boolean): Task => ({
  kind: "attack",
  attacker: a.id,
  target: target.id,
  weapon,
  via,
  called,
  ...(a.concealed ? { unseen: true } : {}),
  stage: "hit",
});

/** Tells the squares entered since the last `moved` event (its side only while the mover is concealed). */
function flush(ctx: Ctx, t: Task & { kind: "move" }, c: CharacterState): void {
  if (t.index <= t.shown) return;
  const path = t.path.slice(t.shown, t.index);
  ctx.emitIf(c.concealed, c.side, { type: "moved", character: c.id, mode: t.mode, path, ap: t.shown === 0 ? t.ap : 0 });
  t.shown = t.index;
}

/**
 * A shot from `o`'s overwatch at `c` (seed 002 3-1): once before `o`'s next turn, and the
 * overwatch ends. An overwatcher the mover's side cannot see fires as it was set to (it does not
 * stop the mover's turn to ask: docs/rules/trpg.md "Presence"), and its shot tells that someone
 * unseen fired.
 */
function overwatchShot(ctx: Ctx, t: Task & { kind: "move" }, o: CharacterState, c: CharacterState): void {
  flush(ctx, t, c);
  const weapon = o.overwatch!.weapon;
  o.spent.push("overwatch_shot");
  o.overwatch = null;
  const shots: Task[] = [attackTask(o, c, weapon, "overwatch", false)];
  if (o.concealed) {
    if (!o.known) rememberSeen(ctx.s, o);
    o.known = true;
    o.concealment!.shots++;
    ctx.emit({ type: "unseen_attacker", character: o.id, target: c.id });
    shots.push({ kind: "respot", shooter: o.id, observers: [c.id] });
  }
  ctx.emitIf(o.concealed, o.side, { type: "overwatch_ended", character: o.id });
  ctx.s.tasks.splice(ctx.s.tasks.indexOf(t), 0, ...shots);
}

/**
 * Moves a character square by square (seed 002 3-1). Entering a square held by a character its
 * side cannot see stops it there, and the hidden one is found (contact). A concealed character
 * (only a step keeps it concealed) gives the opponents it comes near their reactive attempt
 * (seed 002 3-3); a seen one may meet overwatch in each square it enters.
 */
function stepMove(ctx: Ctx, t: Task & { kind: "move" }): boolean {
  const s = ctx.s;
  const c = s.characters[t.actor]!;
  const map = mapOf(s);
  if (t.answer !== undefined) {
    const o = s.characters[t.asking!]!;
    const fire = t.answer === "fire";
    delete t.answer;
    delete t.asking;
    if (fire && standing(o) && o.overwatch) {
      overwatchShot(ctx, t, o, c);
      return false;
    }
    t.held.push(o.id);
  }
  for (;;) {
    if (!standing(c)) {
      stopOnFreeSquare(ctx, t, c);
      break;
    }
    // Overwatch meets the mover on the squares it may stop on (not while it passes an ally), an
    // ally the other side cannot see counting for nothing: otherwise the overwatch that did not
    // come would tell that someone unseen stands there (docs/rules/trpg.md "Presence").
    const passing = Object.values(s.characters).some((o) => o.id !== c.id && o.status !== "dead" && o.at && c.at && o.at.x === c.at.x && o.at.y === c.at.y && seenBy(o, other(c.side)));
    if (t.index > 0 && c.at && !c.concealed && !passing) {
      for (const o of Object.values(s.characters).sort((x, y) => (x.id < y.id ? -1 : 1))) {
        if (o.side === c.side || !standing(o) || !o.overwatch || !o.at || o.spent.includes("overwatch_shot") || t.held.includes(o.id)) continue;
        if (!inCone(map, o.at, o.overwatch.dir, o.overwatch.radius, c.at)) continue;
        if (!seenBy(o, other(o.side))) {
          overwatchShot(ctx, t, o, c);
          return false;
        }
        flush(ctx, t, c);
        t.asking = o.id;
        s.pending = { kind: "overwatch", seat: seatOf(s, o.id), options: ["fire", "hold"], overwatcher: o.id, target: c.id };
        return false;
      }
    }
    if (t.index >= t.path.length) break;
    const next = t.path[t.index]!;
    const there = Object.values(s.characters).find((o) => o.id !== c.id && o.status !== "dead" && o.at && o.at.x === next.x && o.at.y === next.y && !seenBy(o, c.side));
    if (there) {
      stopOnFreeSquare(ctx, t, c);
      flush(ctx, t, c);
      ctx.emit({ type: "contact", mover: c.id, hidden: there.id });
      reveal(ctx, there, "contact", c.id);
      return true;
    }
    c.at = next;
    t.index++;
    if (c.concealed) reactiveSpotting(ctx, c);
  }
  flush(ctx, t, c);
  return true;
}

/**
 * A move cut short (knocked down by an overwatch shot, or stopped by contact) while passing an
 * ally's square ends on the last square of its path (or where it started) that no ally the other
 * side can see holds. It stays on the square of an ally the other side cannot see: going back
 * from it would tell that side someone stands there (docs/rules/trpg.md "Presence"). Only then do
 * two characters share a square (a project decision).
 */
function stopOnFreeSquare(ctx: Ctx, t: Task & { kind: "move" }, c: CharacterState): void {
  const taken = (p: { x: number; y: number }) => Object.values(ctx.s.characters).some((o) => o.id !== c.id && o.status !== "dead" && o.at && o.at.x === p.x && o.at.y === p.y && seenBy(o, other(c.side)));
  while (t.index > 0 && taken(c.at!)) {
    t.index--;
    c.at = t.index > 0 ? t.path[t.index - 1]! : t.start;
  }
  t.shown = Math.min(t.shown, t.index);
}

/**
 * A suppressed target (seed 002 3-1 제압사격): standing, it may drop prone before the dice roll and
 * not be shot; otherwise it is shot at with the suppression penalty.
 */
function stepDrop(ctx: Ctx, t: Task & { kind: "drop" }): boolean {
  const s = ctx.s;
  const target = s.characters[t.target]!;
  const shooter = s.characters[t.shooter]!;
  if (target.status === "dead" || !standing(shooter)) return true;
  if (t.answer === undefined && standing(target) && !target.prone) {
    s.pending = { kind: "drop", seat: seatOf(s, target.id), options: ["drop", "stand"], target: target.id, shooter: shooter.id };
    return false;
  }
  if (t.answer === "drop") {
    target.prone = true;
    ctx.emit({ type: "dropped", character: target.id });
    return true;
  }
  s.tasks.splice(s.tasks.indexOf(t) + 1, 0, attackTask(shooter, target, t.weapon, "suppress", false));
  return true;
}
