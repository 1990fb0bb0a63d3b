/**
 * The bot's search for a turn (seed 002 3-1: 6 AP, the move action, main, bonus, shooting and
 * quick actions): every plan "go somewhere (or stay), do something there, end there" and "do
 * something here, then go" is scored by the exact odds of its attacks (./odds.ts) and by the
 * position it ends in: the threat the opponents it knows of pose there, less when it ends
 * concealed (3-3), and what it could attack from there next turn (./reach.ts). The best plan is
 * played a command at a time and searched again after each (its dice are then known).
 *
 * It reads a board (a seat's projection), never the dice or anything the seat may not know, and
 * counts its work in a {@link Work} budget: once spent it takes up no new plan.
 */
import type { Square } from "@fogwar/engine";
import { meleeWeaponOf } from "../attack";
import { engagedWith, equipmentOf, RULES, scenarioOf, seenBy, standing, statsOf, type Board } from "../board";
import { canConceal } from "../conceal";
import { actionCost, checkAction, movesOf } from "../check";
import { distance, DIRECTIONS, key } from "../geometry";
import type { ActionCommand, CharacterState, Turn } from "../types";
import { concealChance, findChance, huntChance, stakes } from "./chances";
import { blow, worth } from "./odds";
import { NOTHING, packagesAt, type Package } from "./packages";
import { firingDistances, LINE_MAP_UNITS, placed, reach, ROUTE_UNITS, type Work } from "./reach";

/**
 * How the search weighs what it cannot count exactly, in wound units (./weights.ts): the threat a
 * position is under (low: the round limit makes a draw of a cautious fight, and a draw is no win),
 * a part of what it could attack from there next turn, how much concealment hides it, how much an
 * opponent counts where it was last seen, and a part of what a spotting roll may find. A search
 * reads its {@link Work}'s weights (these by default).
 */
export { WEIGHTS } from "./weights";

/** A turn's plan: the commands in order (the first is played now) and its score. */
export interface Plan {
  readonly commands: readonly ActionCommand[];
  readonly value: number;
}

/** Where the actor may end its movement this turn, with the commands and AP that take it there. */
interface Destination {
  readonly to: Square;
  readonly commands: readonly ActionCommand[];
  readonly ap: number;
  /** Whether getting there ends concealment (a move or sprint does, seed 002 3-3; a step does not). */
  readonly reveals: boolean;
  /** The chance it stays concealed on the way (reactive attempts of opponents it comes near). */
  readonly unseen: number;
  /** Whether it is prone there (it may stand up first: seed 002 3-1, a main action). */
  readonly prone: boolean;
}

/** An opponent as a threat and a target: where it is (or was last seen), and how much that guess counts. */
interface Threat {
  readonly c: CharacterState;
  readonly at: Square;
  readonly weight: number;
}

const parse = (k: string): Square => {
  const [x, y] = k.split(",").map(Number) as [number, number];
  return { x, y };
};

/** The search of one character's turn on one board (see the module's description). */
export class TurnSearch {
  private readonly a: CharacterState;
  private readonly turn: Turn;
  private readonly threats: Threat[];
  /** Per threat: what it could deal the actor's allies where they stand (how its fire is shared out). */
  private readonly shared: number[];
  private readonly positions = new Map<string, { threat: number[]; offense: number[] }>();
  /** Per opponent: how far each square is from a line to it ({@link firingDistances}), on first need. */
  private readonly firing = new Map<string, Float64Array>();
  /** What the free strikes of the opponents engaged with the actor would deal it (seed 002 3-1 접전). */
  private readonly strikes: { o: CharacterState; value: number }[] = [];
  private readonly movable: boolean;
  /**
   * How much the threat counts: {@link WEIGHTS}.threat, and nothing in the scenario's last round
   * (what the opponents do after it cannot stop a win this round; a draw at the round limit is no
   * win: the project's rule).
   */
  private readonly caution: number;

  /**
   * @param b the board (a seat's projection, ./chances.ts `tactical`) with the actor's turn.
   * @param observe told of every plan scored (tests and tuning).
   */
  constructor(
    private readonly b: Board,
    actor: string,
    private readonly work: Work,
    private readonly observe?: (plan: Plan) => void,
  ) {
    this.a = b.characters[actor]!;
    this.turn = b.turn!;
    work.stakes = stakes(b);
    const side = this.a.side;
    this.threats = Object.values(b.characters)
      .filter((t) => t.side !== side && standing(t) && (t.at ?? t.lastSeen))
      .sort((x, y) => (x.id < y.id ? -1 : 1))
      .map((c) => ({ c, at: (c.at ?? c.lastSeen)!, weight: c.at ? 1 : work.weights.unseenFoe }));
    const allies = Object.values(b.characters).filter((c) => c.side === side && c.id !== actor && standing(c) && c.at);
    this.shared = this.threats.map((t) => allies.reduce((n, o) => n + reach(b, t.c, t.at, o, o.at!, work), 0));
    for (const o of engagedWith(b, this.a)) {
      if (o.prone || o.spent.includes("free_strike")) continue;
      work.spend();
      this.strikes.push({ o, value: worth(this.a, [blow(b, o, this.a, meleeWeaponOf(o), "free_strike", false)], work.stakes[this.a.id]).value });
    }
    this.caution = scenarioOf(b).rounds > b.round ? work.weights.threat : 0;
    const split = equipmentOf(this.a).some((e) => e.kind === "supercharger");
    this.movable = this.turn.segments === 0 || (split && this.turn.segments < RULES.maxMoveSegments);
  }

  /** The best plan for the actor's turn on this board (no commands: end the turn). */
  best(): Plan {
    const { a, b, turn } = this;
    const strikeCost = this.strikes.reduce((n, s) => n + s.value, 0) * this.work.weights.threat;
    const here = packagesAt(b, a, turn, turn.ap, this.work, strikeCost);
    let best: Plan = { commands: [], value: -Infinity };
    const consider = (commands: ActionCommand[], value: number) => {
      const v = value - 0.001 * commands.length;
      this.observe?.({ commands, value: v });
      if (v > best.value) best = { commands, value: v };
    };
    const searched: Destination[] = [];
    for (const d of this.destinations()) {
      if (searched.length > 0 && this.work.exhausted) break;
      searched.push(d);
      const moved = d.commands.length > 0;
      const me: CharacterState = moved ? { ...a, at: d.to, prone: d.prone, peeking: false, braced: d.to === a.at && a.braced, ...(d.reveals ? { concealed: false, concealment: null } : {}) } : a;
      this.work.spend();
      const board = moved ? placed(b, [[me, d.to]]) : b;
      const after: Turn = { ...turn, ap: turn.ap - d.ap, ...(d.commands.some((c) => c.type === "move") ? { segments: turn.segments + 1 } : {}) };
      const packages = moved ? packagesAt(board, me, after, after.ap, this.work, strikeCost) : [...here];
      const hunt = this.hunt(board, me, d.to, after);
      if (hunt) packages.push(hunt);
      const leave = moved ? this.leaving(d.to) : 0;
      for (const pk of packages) this.finish(board, me, d, pk, after.ap - pk.ap, leave, (tail, v) => consider([...d.commands, ...pk.commands, ...tail], v));
    }
    // Attack first, then move (seed 002 3-1: the move action is free and may come after), to the
    // destinations already searched.
    if (this.movable) {
      for (const pk of here) {
        if (pk.targets.length === 0) continue;
        for (const d of searched) {
          if (this.work.exhausted) break;
          if (d.commands[0]?.type !== "move" || d.ap > turn.ap - pk.ap) continue;
          const me: CharacterState = { ...a, at: d.to, peeking: false, braced: false, concealed: false, concealment: null };
          this.work.spend();
          this.finish(placed(b, [[me, d.to]]), me, { ...d, reveals: true }, pk, turn.ap - pk.ap - d.ap, this.leaving(d.to, pk), (tail, v) => consider([...pk.commands, ...d.commands, ...tail], v));
        }
      }
    }
    return best.value === -Infinity ? { commands: [], value: 0 } : best;
  }

  /**
   * The whole best plan, for a turn that is sent whole (a delayed turn in the round-end step): a
   * spotting roll that opens it is followed by the best plan after it.
   */
  whole(): ActionCommand[] {
    const plan = this.best();
    if (plan.commands.length !== 1 || plan.commands[0]!.type !== "spot" || this.turn.freeSpot || this.work.exhausted) return [...plan.commands];
    const after = { ...this.b, turn: { ...this.turn, freeSpot: true } };
    return [{ type: "spot" }, ...new TurnSearch(after, this.a.id, this.work).best().commands];
  }

  /**
   * Where the actor may go this turn (and staying), in stages taken up only while work is left:
   * staying, the move action (nearest first), standing up first, single and (concealed) double
   * steps, a sprint. A way to a square is left out when one already given is as good.
   */
  private *destinations(): Generator<Destination> {
    const { a, b, turn } = this;
    const here = a.at!;
    const given = new Map<string, Destination[]>();
    const fresh = (d: Destination) => {
      const k = `${key(d.to)}:${d.prone}`;
      const prior = given.get(k) ?? [];
      if (prior.some((p) => p.ap <= d.ap && (!p.reveals || d.reveals))) return false;
      given.set(k, [...prior, d]);
      return true;
    };
    const moves = (board: Board, c: CharacterState, t: Turn, mode: "move" | "sprint", first: readonly ActionCommand[], ap: number) => {
      this.work.spend(ROUTE_UNITS);
      return [...movesOf(board, c, t, mode).keys()].map((k): Destination => {
        const to = parse(k);
        const cmd: ActionCommand = { type: mode, to };
        return { to, commands: [...first, cmd], ap: ap + actionCost(board, c, t, cmd), reveals: a.concealed, unseen: 1, prone: c.prone };
      });
    };
    const stages: (() => Destination[])[] = [
      () => [{ to: here, commands: [], ap: 0, reveals: false, unseen: 1, prone: a.prone }],
      () => (this.movable ? moves(b, a, turn, "move", [], 0) : []),
      () => {
        if (!a.prone || checkAction(b, a, turn, { type: "stand" }) !== null) return [];
        // Standing up first (a main action), then the move action from there.
        const up: ActionCommand = { type: "stand" };
        const stood = { ...a, prone: false };
        const upCost = actionCost(b, a, turn, up);
        const standing: Destination = { to: here, commands: [up], ap: upCost, reveals: false, unseen: 1, prone: false };
        return [standing, ...(this.movable ? moves(placed(b, [[stood, here]]), stood, { ...turn, ap: turn.ap - upCost }, "move", [up], upCost) : [])];
      },
      () => this.steps(b, a, here, turn.ap),
      () => {
        if (!a.concealed) return [];
        // Two steps keep a concealed character concealed (seed 002 3-3: a move or sprint ends it).
        return this.steps(b, a, here, turn.ap).flatMap((first) => {
          const moved = { ...a, at: first.to };
          return this.steps(placed(b, [[moved, first.to]]), moved, first.to, turn.ap - first.ap).map((second) => ({ ...second, commands: [...first.commands, ...second.commands], ap: first.ap + second.ap, unseen: first.unseen * second.unseen }));
        });
      },
      // A sprint costs at least its base (a main action), whatever route it takes.
      () => (turn.ap >= actionCost(b, a, turn, { type: "sprint", to: here }) ? moves(b, a, turn, "sprint", [], 0) : []),
    ];
    for (const [i, stage] of stages.entries()) {
      if (i > 0 && this.work.exhausted) return;
      for (const d of stage()) if (fresh(d)) yield d;
    }
  }

  /** The single steps from `from` (1 AP, 2 prone, +1 into half cover), with the chance a concealed actor stays unseen. */
  private steps(b: Board, a: CharacterState, from: Square, ap: number): Destination[] {
    const out: Destination[] = [];
    for (const d of DIRECTIONS) {
      const to = { x: from.x + d.x, y: from.y + d.y };
      const cmd: ActionCommand = { type: "step", to };
      this.work.spend();
      if (checkAction(b, a, { ...this.turn, ap }, cmd) !== null) continue;
      const cost = actionCost(b, a, { ...this.turn, ap }, cmd);
      out.push({ to, commands: [cmd], ap: cost, reveals: false, unseen: a.concealed ? this.unseenAfterStep(b, a, to) : 1, prone: a.prone });
    }
    return out;
  }

  /** The chance a concealed character stepping to `to` is not found by the reactive attempts it gives (seed 002 3-3). */
  private unseenAfterStep(b: Board, a: CharacterState, to: Square): number {
    let p = 1;
    const me = { ...a, at: to };
    const board = placed(b, [[me, to]]);
    for (const o of Object.values(b.characters)) {
      if (o.side === a.side || !standing(o) || !o.at || !seenBy(o, a.side)) continue;
      if (b.reactive.includes(`${o.id}>${a.id}`) || distance(o.at, to) > RULES.conceal.reactiveRangePerCog * statsOf(o).COG) continue;
      this.work.spend();
      p *= 1 - findChance(board, o, me, 0);
    }
    return p;
  }

  /** The threat and the next turn's attacks at a square, per threat (each worked out once). */
  private position(at: Square, prone: boolean): { threat: number[]; offense: number[] } {
    const k = `${key(at)}:${prone}`;
    let found = this.positions.get(k);
    if (found) return found;
    const me = { ...this.a, at, prone, peeking: false };
    const board = placed(this.b, [[me, at]]);
    found = {
      threat: this.threats.map((t) => reach(board, t.c, t.at, me, at, this.work)),
      offense: this.threats.map((t) => (t.c.at ? 1 : huntChance(me, at, t.at)) * reach(board, me, at, t.c, t.at, this.work, this.lines(t))),
    };
    this.positions.set(k, found);
    return found;
  }

  /** {@link firing} for one opponent. */
  private lines(t: Threat): Float64Array {
    let found = this.firing.get(t.c.id);
    if (!found) {
      this.work.spend(LINE_MAP_UNITS);
      this.firing.set(t.c.id, (found = firingDistances(this.b, t.at)));
    }
    return found;
  }

  /**
   * A position's score: minus the threat there (each opponent's share of fire on the actor, less
   * what the plan brings down, much less when it stays concealed) plus a part of its best attack
   * from there next turn.
   */
  private score(at: Square, prone: boolean, hidden: number, down: Readonly<Record<string, number>>): number {
    const p = this.position(at, prone);
    let threat = 0;
    let offense = 0;
    this.threats.forEach((t, i) => {
      const standing = 1 - (down[t.c.id] ?? 0);
      const raw = p.threat[i]!;
      if (raw > 0) threat += standing * t.weight * raw * (raw / (raw + this.shared[i]!));
      offense = Math.max(offense, standing * p.offense[i]!);
    });
    return -this.caution * threat * (1 - this.work.weights.hidden * hidden) + this.work.weights.offense * offense;
  }

  /**
   * A spotting roll at `at` (seed 002 3-3: free once a turn, then 2 AP) when an opponent it knows
   * of is concealed: worth the chance it is found there (where it was last seen) times a part of
   * what the actor could then deal it. The turn is searched again after the roll.
   */
  private hunt(board: Board, me: CharacterState, at: Square, turn: Turn): Package | null {
    const hidden = this.threats.filter((t) => t.c.at === null);
    if (hidden.length === 0 || checkAction(board, me, turn, { type: "spot" }) !== null) return null;
    const cost = actionCost(board, me, turn, { type: "spot" });
    const left = turn.ap - cost >= actionCost(board, me, turn, { type: "shoot", targets: [], burst: false, called: false }) ? 1 : 0.3;
    let value = 0;
    for (const t of hidden) value = Math.max(value, huntChance(me, at, t.at) * left * reach(board, me, at, t.c, t.at, this.work));
    return value > 0 ? { commands: [{ type: "spot" }], ap: cost, value: this.work.weights.hunt * value, down: {}, targets: [] } : null;
  }

  /** What leaving the engaged opponents (not touching `to`) costs in free strikes, less those the package brings down. */
  private leaving(to: Square, pk: Package = NOTHING): number {
    return this.strikes.reduce((n, s) => (distance(s.o.at!, to) <= 1.5 ? n : n + s.value * (1 - (pk.down[s.o.id] ?? 0))), 0) * this.work.weights.threat;
  }

  /**
   * Scores the ways to end a plan that has come to `d` and played `pk` with `ap` AP left: as it is,
   * or concealing (2 AP, seed 002 3-3: three-quarter cover from every opponent looking).
   */
  private finish(board: Board, me: CharacterState, d: Destination, pk: Package, ap: number, leave: number, take: (tail: ActionCommand[], value: number) => void): void {
    const stillHidden = me.concealed ? d.unseen * (pk.targets.length > 0 ? this.unseenAfterShot(board, me, pk.targets) : 1) : 0;
    const base = pk.value - leave;
    take([], base + this.score(d.to, me.prone, stillHidden, pk.down));
    if (ap < actionCost(board, me, { ...this.turn, ap }, { type: "conceal" }) || stillHidden >= 1) return;
    this.work.spend(3);
    const open: CharacterState = { ...me, concealed: false, concealment: null };
    const unaware = board.unaware.filter((pair) => !pk.targets.some((t) => pair === `${t}>${me.id}`));
    const view = { ...placed(board, [[open, d.to]]), unaware };
    if (!canConceal(view, open)) return;
    const hidden = stillHidden + (1 - stillHidden) * concealChance(view, open);
    take([{ type: "conceal" }], base + this.score(d.to, me.prone, hidden, pk.down));
  }

  /** The chance a concealed attacker is not found again by its targets after its shot (seed 002 3-3: their attempts, its value 2 lower a shot). */
  private unseenAfterShot(board: Board, me: CharacterState, targets: readonly string[]): number {
    let p = 1;
    for (const id of targets) {
      const o = board.characters[id]!;
      if (!standing(o) || !o.at) continue;
      this.work.spend();
      p *= 1 - findChance(board, o, me, 1);
    }
    return p;
  }
}
