/**
 * Carrying out the actions of a turn (seed 002 3-1): the move action, sprint and step, the
 * shooting action (aimed shot, burst, called shot, overwatch), the main actions (melee, shove,
 * suppressive fire, disengage, standing up), the bonus actions (snapshot, brace, conceal, extra
 * spotting, swapping weapons, healing, stabilising) and the quick ones (peek, step); engagement's
 * free strike. `check` has accepted the command; its cost (`actionCost`, the one `check` compared)
 * is paid here, before anything else it does.
 */
import { archetypeOf, engagedWith, RULES, statsOf, statSecret, weaponOf } from "./board";
import { emitRoll, meleeWeaponOf, reducedRange } from "./attack";
import { actionCost, movesOf, suppressed } from "./check";
import { conceal, spot } from "./conceal";
import type { Ctx } from "./context";
import { touching } from "./geometry";
import { alert, heal, secretOf, stabilise } from "./health";
import { rememberSeen, reveal } from "./reveal";
import { attackTask } from "./tasks";
import type { ActionCommand, CharacterState, FreeStrikeCause, Task } from "./types";

/**
 * The free melee strikes a character provokes (seed 002 3-1 접전: "상대가 근접 공격을 1회 행동 소모 없이
 * 가할 수 있습니다", the opponent *may*): each engaged opponent able to strike (standing, not prone,
 * its strike not spent since its turn) is offered one, before the move or the shot; its seat
 * chooses (`tasks.ts` `stepFreeStrike`), told the `cause`: `leaving` (a move, sprint or step out of
 * the engagement) or `firing` (a shot with a weapon other than a pistol).
 */
function freeStrikes(ctx: Ctx, c: CharacterState, cause: FreeStrikeCause, leaving?: (o: CharacterState) => boolean): Task[] {
  const out: Task[] = [];
  for (const o of engagedWith(ctx.s, c)) {
    if (o.prone || o.spent.includes("free_strike") || (leaving && !leaving(o))) continue;
    out.push({ kind: "free_strike", striker: o.id, target: c.id, cause });
  }
  return out;
}

/** A move, sprint or step costing `ap` (`actionCost`, reckoned before the route is taken): concealment ends unless it is a step (seed 002 3-3); leaving engagement without disengaging provokes (3-1). */
function move(ctx: Ctx, c: CharacterState, cmd: ActionCommand & { type: "move" | "sprint" | "step" }, ap: number): void {
  const s = ctx.s;
  const turn = s.turn!;
  let path: { x: number; y: number }[];
  if (cmd.type === "step") {
    path = [cmd.to];
  } else {
    const route = movesOf(s, c, turn, cmd.type).get(`${cmd.to.x},${cmd.to.y}`)!;
    path = route.path.slice(1);
    if (cmd.type === "move") {
      turn.moved += route.cost;
      turn.segments++;
    }
  }
  turn.ap -= ap;
  if (cmd.type !== "step" && c.concealed) reveal(ctx, c, "moved");
  if (c.braced) {
    c.braced = false;
    ctx.emitIf(secretOf(c), c.side, { type: "braced", character: c.id, braced: false });
  }
  if (c.peeking) {
    c.peeking = false;
    ctx.emitIf(secretOf(c), c.side, { type: "peeking", character: c.id, peeking: false });
  }
  const strikes = turn.disengaged ? [] : freeStrikes(ctx, c, "leaving", (o) => path.some((p) => !touching(p, o.at!)));
  s.tasks.push(...strikes, { kind: "move", actor: c.id, start: c.at!, path, index: 0, shown: 0, mode: cmd.type, ap, held: [] });
}

/** Shots of one shooting or suppressing action; from concealment, everyone learns that someone unseen fired, and the targets may spot it again (seed 002 3-3). */
function fire(ctx: Ctx, c: CharacterState, shots: Task[], targets: readonly string[]): void {
  const s = ctx.s;
  const strikes = weaponOf(c).kind === "pistol" ? [] : freeStrikes(ctx, c, "firing");
  if (c.concealed) {
    if (!c.known) rememberSeen(s, c);
    c.known = true;
    c.concealment!.shots++;
    for (const t of targets) ctx.emit({ type: "unseen_attacker", character: c.id, target: t });
    shots.push({ kind: "respot", shooter: c.id, observers: [...targets] });
  }
  s.tasks.push(...strikes, ...shots);
}

/** Carries out an action command of the active character `c` (already checked). */
export function executeAction(ctx: Ctx, c: CharacterState, cmd: ActionCommand): void {
  const s = ctx.s;
  const turn = s.turn!;
  if (cmd.type !== "delay" && cmd.type !== "end_turn") turn.acted = true;
  const secret = secretOf(c);
  const ap = actionCost(s, c, turn, cmd);
  if (cmd.type === "move" || cmd.type === "sprint" || cmd.type === "step") return move(ctx, c, cmd, ap);
  turn.ap -= ap;
  switch (cmd.type) {
    case "disengage":
      turn.disengaged = true;
      return ctx.emit({ type: "disengaged", character: c.id });
    case "stand":
    case "prone":
      c.prone = cmd.type === "prone";
      return ctx.emitIf(secret, c.side, { type: "prone", character: c.id, prone: c.prone });
    case "shoot": {
      const w = weaponOf(c);
      const count = cmd.burst ? w.rateOfFire : 1;
      const shots = Array.from({ length: count }, (_, i) => attackTask(c, s.characters[cmd.targets[i % cmd.targets.length]!]!, w.id, cmd.burst ? "burst" : "aimed", cmd.called));
      return fire(ctx, c, shots, cmd.targets);
    }
    case "snapshot":
      turn.snapshot = true;
      return fire(ctx, c, [attackTask(c, s.characters[cmd.target]!, weaponOf(c).id, "snapshot", cmd.called)], [cmd.target]);
    case "overwatch": {
      const w = weaponOf(c);
      c.overwatch = { dir: cmd.dir, radius: reducedRange(w.range, RULES.rangePercent.overwatch), weapon: w.id };
      const event = { type: "overwatch_set" as const, character: c.id, overwatch: c.overwatch };
      if (!secret && statSecret(s, [c.id])) return ctx.emitTo("enemies", event, { ...event, overwatch: { ...c.overwatch, weapon: "" } });
      return ctx.emitIf(secret, c.side, event);
    }
    case "suppress": {
      turn.suppress = true;
      const targets = suppressed(s, c, cmd.at);
      ctx.emit({ type: "suppressing", shooter: c.id, at: cmd.at, targets: targets.map((t) => t.id) });
      const tasks: Task[] = targets.map((t) => ({ kind: "drop", shooter: c.id, target: t.id, weapon: weaponOf(c).id }));
      return fire(ctx, c, tasks, targets.map((t) => t.id));
    }
    case "melee": {
      // Declared while concealed, the strike comes from one the target has not perceived (seed 002 3-3); it ends the concealment.
      const strike = attackTask(c, s.characters[cmd.target]!, meleeWeaponOf(c), "melee", cmd.called);
      if (c.concealed) reveal(ctx, c, "melee");
      s.tasks.push(strike);
      return;
    }
    case "shove": {
      if (c.concealed) reveal(ctx, c, "melee");
      const t = s.characters[cmd.target]!;
      // Seed 002 3-1 밀치기: d6 over 6 - own BRT + the target's BRT knocks it down.
      const need = 6 - statsOf(c).BRT + statsOf(t).BRT;
      const die = ctx.d6(c.id, "dice");
      const success = die > need;
      emitRoll(ctx, { type: "shove", attacker: c.id, target: t.id, die, need, success }, { need: [c.id, t.id] });
      alert(ctx, t, c);
      if (success && !t.prone) {
        t.prone = true;
        ctx.emit({ type: "prone", character: t.id, prone: true });
      }
      return;
    }
    case "brace":
      c.braced = true;
      return ctx.emitIf(secret, c.side, { type: "braced", character: c.id, braced: true });
    case "conceal":
      return conceal(ctx, c);
    case "spot":
      turn.freeSpot = true;
      return spot(ctx, c);
    case "swap": {
      const list = archetypeOf(c).weapons;
      c.weapon = list[(list.indexOf(c.weapon!) + 1) % list.length]!;
      c.braced = false;
      const event = { type: "swapped" as const, character: c.id, weapon: c.weapon };
      if (!secret && statSecret(s, [c.id])) return ctx.emitTo("enemies", event, { ...event, weapon: null });
      return ctx.emitIf(secret, c.side, event);
    }
    case "peek":
    case "unpeek":
      c.peeking = cmd.type === "peek";
      return ctx.emitIf(secret, c.side, { type: "peeking", character: c.id, peeking: c.peeking });
    case "heal":
      return heal(ctx, c, s.characters[cmd.target]!);
    case "stabilise":
      return stabilise(ctx, c, s.characters[cmd.target]!);
    case "delay": {
      // Seed 002 3-2: a character may delay its initiative (and never take it back): it acts after `after` from now on.
      s.order = s.order.filter((id) => id !== c.id);
      s.order.splice(s.order.indexOf(cmd.after) + 1, 0, c.id);
      s.turn = null;
      return ctx.emit({ type: "delayed", character: c.id, after: cmd.after });
    }
    case "end_turn":
      turn.ending = true;
      return;
  }
}

