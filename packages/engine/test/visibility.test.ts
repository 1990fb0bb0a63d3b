/**
 * Visibility helpers, and each hidden-information case of the games fogwar hosts
 * (shared/rules-notes.md, "Hidden information at a glance") modelled with them in a small local
 * projection, checked for every viewer `allViewers` lists.
 */
import { canonicalJson } from "../src/hash";
import { sameSquare, chebyshev, type Square } from "../src/grid";
import {
  allViewers,
  canSee,
  everyone,
  omniscient,
  onlySeats,
  onlyTeams,
  publicEvent,
  redactEvent,
  reveal,
  seatViewer,
  serverOnly,
  spectator,
  teamAudience,
  teamViewer,
  viewerLabel,
  type Audience,
  type EventEnvelope,
  type Hidden,
  type SeatId,
  type TeamId,
  type TeamOf,
  type Viewer,
} from "../src/visibility";

const sq = (x: number, y: number): Square => ({ x, y });
const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

/** Runs `check` for every viewer, labelling failures with the viewer. */
function forEveryViewer(viewers: readonly Viewer[], check: (viewer: Viewer, label: string) => void): void {
  for (const viewer of viewers) {
    const label = viewerLabel(viewer);
    try {
      check(viewer, label);
    } catch (error) {
      (error as Error).message = `[viewer ${label}] ${(error as Error).message}`;
      throw error;
    }
  }
}

describe("viewers and audiences", () => {
  const teamOf: TeamOf = (seat) => ({ a1: "attack", a2: "attack", d1: "defence" })[seat];
  const viewers = {
    a1: seatViewer("a1"),
    a2: seatViewer("a2"),
    d1: seatViewer("d1"),
    loner: seatViewer("loner"),
    attack: teamViewer("attack"),
    defence: teamViewer("defence"),
    spectator,
    omniscient,
  };

  it("allViewers lists every seat, every team, the spectator and the omniscient viewer", () => {
    expect(allViewers(["p1", "p2"], ["t"])).toEqual([
      { kind: "seat", seat: "p1" },
      { kind: "seat", seat: "p2" },
      { kind: "team", team: "t" },
      { kind: "spectator" },
      { kind: "omniscient" },
    ]);
    expect(allViewers(["p1"])).toHaveLength(3);
  });

  it("viewerLabel names each kind of viewer", () => {
    expect(viewerLabel(seatViewer("p1"))).toBe("seat:p1");
    expect(viewerLabel(teamViewer("defence"))).toBe("team:defence");
    expect(viewerLabel(spectator)).toBe("spectator");
    expect(viewerLabel(omniscient)).toBe("omniscient");
  });

  const table: [string, Audience, Record<keyof typeof viewers, boolean>][] = [
    ["everyone", everyone, { a1: true, a2: true, d1: true, loner: true, attack: true, defence: true, spectator: true, omniscient: true }],
    ["server", serverOnly, { a1: false, a2: false, d1: false, loner: false, attack: false, defence: false, spectator: false, omniscient: true }],
    ["seats a1", onlySeats("a1"), { a1: true, a2: false, d1: false, loner: false, attack: false, defence: false, spectator: false, omniscient: true }],
    ["seats a2+d1", onlySeats("a2", "d1"), { a1: false, a2: true, d1: true, loner: false, attack: false, defence: false, spectator: false, omniscient: true }],
    ["teams attack", onlyTeams("attack"), { a1: true, a2: true, d1: false, loner: false, attack: true, defence: false, spectator: false, omniscient: true }],
    ["teams attack+defence", onlyTeams("attack", "defence"), { a1: true, a2: true, d1: true, loner: false, attack: true, defence: true, spectator: false, omniscient: true }],
    ["seats (none)", onlySeats(), { a1: false, a2: false, d1: false, loner: false, attack: false, defence: false, spectator: false, omniscient: true }],
  ];

  it.each(table)("canSee(%s) answers correctly for every kind of viewer", (_name, audience, expected) => {
    for (const [key, viewer] of Object.entries(viewers)) {
      expect([key, canSee(audience, viewer, teamOf)]).toEqual([key, expected[key as keyof typeof viewers]]);
    }
  });

  it("team audiences reach seats only through teamOf (without it a seat belongs to no team)", () => {
    expect(canSee(onlyTeams("attack"), viewers.a1)).toBe(false);
    expect(canSee(onlyTeams("attack"), viewers.attack)).toBe(true);
    expect(canSee(onlyTeams("attack"), viewers.a1, teamOf)).toBe(true);
  });

  it("a team audience that names its seats reaches them without teamOf; the team viewer too; nobody else", () => {
    const audience = teamAudience("attack", ["a1", "a2"]);
    expect(canSee(audience, viewers.a1)).toBe(true);
    expect(canSee(audience, viewers.a2)).toBe(true);
    expect(canSee(audience, viewers.attack)).toBe(true);
    expect(canSee(audience, viewers.d1)).toBe(false);
    expect(canSee(audience, viewers.defence)).toBe(false);
    expect(canSee(audience, spectator)).toBe(false);
    expect(canSee(audience, omniscient)).toBe(true);
    expect(redactEvent({ audience, event: { type: "drew", value: 5 }, shadow: { type: "drew" } }, viewers.a2)).toEqual({ type: "drew", value: 5 });
    expect(redactEvent({ audience, event: { type: "drew", value: 5 }, shadow: { type: "drew" } }, viewers.d1)).toEqual({ type: "drew" });
  });

  it("reveal returns the value to entitled viewers and undefined to others", () => {
    const secret: Hidden<number> = { audience: onlySeats("a1"), value: 4 };
    expect(reveal(secret, viewers.a1)).toBe(4);
    expect(reveal(secret, viewers.a2)).toBeUndefined();
    expect(reveal(secret, spectator)).toBeUndefined();
    expect(reveal(secret, omniscient)).toBe(4);
    const teamSecret: Hidden<string> = { audience: onlyTeams("attack"), value: "x" };
    expect(reveal(teamSecret, viewers.a2, teamOf)).toBe("x");
    expect(reveal(teamSecret, viewers.a2)).toBeUndefined();
  });

  it("redactEvent gives the event to its audience and nothing to others when there is no shadow", () => {
    const envelope: EventEnvelope<{ type: string; value?: number }> = {
      audience: onlySeats("a1"),
      event: { type: "drew", value: 5 },
    };
    expect(redactEvent(envelope, viewers.a1)).toEqual({ type: "drew", value: 5 });
    expect(redactEvent(envelope, viewers.a2)).toBeNull();
    expect(redactEvent(envelope, spectator)).toBeNull();
    expect(redactEvent(envelope, omniscient)).toEqual({ type: "drew", value: 5 });
  });

  it("redactEvent gives the shadow to viewers outside the audience", () => {
    const envelope: EventEnvelope<{ type: string; value?: number }> = {
      audience: onlyTeams("attack"),
      event: { type: "drew", value: 5 },
      shadow: { type: "drew" },
    };
    expect(redactEvent(envelope, viewers.a2, teamOf)).toEqual({ type: "drew", value: 5 });
    expect(redactEvent(envelope, viewers.attack, teamOf)).toEqual({ type: "drew", value: 5 });
    expect(redactEvent(envelope, viewers.d1, teamOf)).toEqual({ type: "drew" });
    expect(redactEvent(envelope, viewers.defence, teamOf)).toEqual({ type: "drew" });
    expect(redactEvent(envelope, spectator, teamOf)).toEqual({ type: "drew" });
    expect(redactEvent(envelope, omniscient, teamOf)).toEqual({ type: "drew", value: 5 });
  });

  it("publicEvent reaches everyone", () => {
    const envelope = publicEvent({ type: "round_started", round: 2 });
    for (const viewer of Object.values(viewers)) expect(redactEvent(envelope, viewer)).toEqual({ type: "round_started", round: 2 });
  });
});

// ---------------------------------------------------------------------------------------------
// (a) EMBER timing dials (seed 001 plan phase): each mech's dial is known to its owner only until
// the plans are revealed (all at once, or each as its timing is called).

describe("EMBER timing dials", () => {
  interface Mech {
    readonly id: string;
    readonly owner: SeatId;
    readonly dial: Hidden<number> | null;
  }
  type PlanState = readonly Mech[];
  type Ev = { type: "plan_locked"; seat: SeatId; dials?: Record<string, number> };

  const seats = ["p1", "p2"];
  const initial: PlanState = [
    { id: "m1", owner: "p1", dial: null },
    { id: "m2", owner: "p1", dial: null },
    { id: "m3", owner: "p2", dial: null },
  ];

  const lockPlan = (state: PlanState, seat: SeatId, dials: Record<string, number>) => {
    const next = state.map((m) => (m.owner === seat ? { ...m, dial: { audience: onlySeats(seat), value: dials[m.id]! } } : m));
    const event: EventEnvelope<Ev> = {
      audience: onlySeats(seat),
      event: { type: "plan_locked", seat, dials },
      shadow: { type: "plan_locked", seat },
    };
    return { state: next, event };
  };
  const revealAll = (state: PlanState): PlanState => state.map((m) => (m.dial ? { ...m, dial: { ...m.dial, audience: everyone } } : m));
  const revealTiming = (state: PlanState, timing: number): PlanState =>
    state.map((m) => (m.dial && m.dial.value === timing ? { ...m, dial: { ...m.dial, audience: everyone } } : m));

  const project = (state: PlanState, viewer: Viewer) =>
    state.map((m) => ({ id: m.id, owner: m.owner, dialSet: m.dial !== null, dial: m.dial ? (reveal(m.dial, viewer) ?? null) : null }));

  const locked = (() => {
    const a = lockPlan(initial, "p1", { m1: 4, m2: 1 });
    const b = lockPlan(a.state, "p2", { m3: 5 });
    return { state: b.state, events: [a.event, b.event] };
  })();

  it("before the reveal, only the owner (and omniscient) see a dial; everyone sees that it is set", () => {
    forEveryViewer(allViewers(seats), (viewer) => {
      const view = project(locked.state, viewer);
      expect(view.map((m) => m.dialSet)).toEqual([true, true, true]);
      const expected: Record<string, (number | null)[]> = {
        "seat:p1": [4, 1, null],
        "seat:p2": [null, null, 5],
        spectator: [null, null, null],
        omniscient: [4, 1, 5],
      };
      expect(view.map((m) => m.dial)).toEqual(expected[viewerLabel(viewer)]);
    });
  });

  it("an opponent's or spectator's view does not depend on the hidden dial value", () => {
    const other = lockPlan(lockPlan(initial, "p1", { m1: 4, m2: 1 }).state, "p2", { m3: 2 }).state;
    forEveryViewer(allViewers(seats), (viewer, label) => {
      const identical = same(project(locked.state, viewer), project(other, viewer));
      expect(identical).toBe(label === "seat:p1" || label === "spectator");
    });
  });

  it("the lock event shows the dials to the owner and only a shadow to others", () => {
    forEveryViewer(allViewers(seats), (viewer, label) => {
      const seen = locked.events.map((e) => redactEvent(e, viewer));
      expect(seen[0]).toEqual(
        label === "seat:p1" || label === "omniscient" ? { type: "plan_locked", seat: "p1", dials: { m1: 4, m2: 1 } } : { type: "plan_locked", seat: "p1" },
      );
      expect(seen[1]).toEqual(
        label === "seat:p2" || label === "omniscient" ? { type: "plan_locked", seat: "p2", dials: { m3: 5 } } : { type: "plan_locked", seat: "p2" },
      );
    });
  });

  it("after the reveal, every viewer sees every dial", () => {
    const revealed = revealAll(locked.state);
    forEveryViewer(allViewers(seats), (viewer) => {
      expect(project(revealed, viewer).map((m) => m.dial)).toEqual([4, 1, 5]);
    });
  });

  it("revealing as each timing is called shows only the dials of timings called so far", () => {
    const afterQuick = revealTiming(locked.state, 1);
    const afterShoot = revealTiming(revealTiming(afterQuick, 2), 4);
    const expected: Record<string, { quick: (number | null)[]; shoot: (number | null)[] }> = {
      "seat:p1": { quick: [4, 1, null], shoot: [4, 1, null] },
      "seat:p2": { quick: [null, 1, 5], shoot: [4, 1, 5] },
      spectator: { quick: [null, 1, null], shoot: [4, 1, null] },
      omniscient: { quick: [4, 1, 5], shoot: [4, 1, 5] },
    };
    forEveryViewer(allViewers(seats), (viewer, label) => {
      expect({
        quick: project(afterQuick, viewer).map((m) => m.dial),
        shoot: project(afterShoot, viewer).map((m) => m.dial),
      }).toEqual(expected[label]);
    });
  });
});

// EMBER secondary mission choice: hidden from the opponent and spectators until the reveal step.
describe("EMBER secondary mission", () => {
  type Missions = Record<SeatId, Hidden<string>>;
  const chosen: Missions = {
    p1: { audience: onlySeats("p1"), value: "hold-zone-E" },
    p2: { audience: onlySeats("p2"), value: "assassinate" },
  };
  const project = (m: Missions, viewer: Viewer) =>
    Object.fromEntries(Object.entries(m).map(([seat, h]) => [seat, reveal(h, viewer) ?? "hidden"]));
  const revealStep = (m: Missions): Missions =>
    Object.fromEntries(Object.entries(m).map(([seat, h]) => [seat, { ...h, audience: everyone }]));

  it("each player sees their own mission only until the mission reveal step, then all see both", () => {
    forEveryViewer(allViewers(["p1", "p2"]), (viewer, label) => {
      const before = project(chosen, viewer);
      expect(before.p1).toBe(label === "seat:p1" || label === "omniscient" ? "hold-zone-E" : "hidden");
      expect(before.p2).toBe(label === "seat:p2" || label === "omniscient" ? "assassinate" : "hidden");
      expect(project(revealStep(chosen), viewer)).toEqual({ p1: "hold-zone-E", p2: "assassinate" });
    });
  });
});

// ---------------------------------------------------------------------------------------------
// (b) Siege hidden operators (seed 004): each defence operator is two public tokens; which one is
// real is known to the defence team only. 2 v 2: teammates share knowledge through teamOf.

describe("Siege hidden operator tokens", () => {
  const seats = ["a1", "a2", "d1", "d2"];
  const teams = ["attack", "defence"];
  const teamOf: TeamOf = (seat) => (seat.startsWith("a") ? "attack" : seat.startsWith("d") ? "defence" : undefined);

  interface Token {
    readonly id: string;
    readonly operator: string;
    readonly square: Square;
  }
  interface HiddenOperator {
    readonly operator: string;
    readonly tokens: readonly Token[];
    /** The id of the real token. */
    readonly real: Hidden<string>;
  }

  /** Places an operator's two tokens. Token ids follow square order, never which one is real. */
  const place = (operator: string, squares: readonly [Square, Square], realSquare: Square): HiddenOperator => {
    const ordered = [...squares].sort((a, b) => a.y - b.y || a.x - b.x);
    const tokens = ordered.map((square, i) => ({ id: `${operator}#${i + 1}`, operator, square }));
    const real = tokens.find((t) => sameSquare(t.square, realSquare))!;
    return { operator, tokens, real: { audience: onlyTeams("defence"), value: real.id } };
  };
  const revealOperator = (op: HiddenOperator): HiddenOperator => ({ ...op, real: { ...op.real, audience: everyone } });

  const project = (ops: readonly HiddenOperator[], viewer: Viewer) =>
    ops.flatMap((op) => {
      const real = reveal(op.real, viewer, teamOf);
      return op.tokens.map((t) => (real === undefined ? { ...t } : { ...t, real: t.id === real }));
    });

  const squaresA: [Square, Square] = [sq(3, 2), sq(7, 5)];
  const squaresB: [Square, Square] = [sq(1, 8), sq(9, 9)];
  const board1 = [place("wall-breaker", squaresA, sq(3, 2)), place("trapper", squaresB, sq(9, 9))];
  const board2 = [place("wall-breaker", squaresA, sq(7, 5)), place("trapper", squaresB, sq(1, 8))];

  const isAttackSide = (label: string) => ["seat:a1", "seat:a2", "team:attack", "spectator"].includes(label);

  it("the attackers and spectators see two identical tokens per operator, whichever is real", () => {
    forEveryViewer(allViewers(seats, teams), (viewer, label) => {
      if (!isAttackSide(label)) return;
      const view = project(board1, viewer);
      expect(view).toHaveLength(4);
      for (const token of view) {
        expect(Object.keys(token).sort()).toEqual(["id", "operator", "square"]);
      }
      // token ids and everything else are the same whichever token is real
      expect(canonicalJson(view)).toBe(canonicalJson(project(board2, viewer)));
    });
  });

  it("the defence seats and team see which token is real, and teammates see the same", () => {
    const defenceViews: string[] = [];
    forEveryViewer(allViewers(seats, teams), (viewer, label) => {
      if (isAttackSide(label) || label === "omniscient") return;
      const view = project(board1, viewer);
      expect(view.filter((t) => "real" in t && t.real).map((t) => t.square)).toEqual([sq(3, 2), sq(9, 9)]);
      expect(same(view, project(board2, viewer))).toBe(false);
      defenceViews.push(canonicalJson(view));
    });
    expect(defenceViews).toHaveLength(3); // d1, d2, team:defence
    expect(new Set(defenceViews).size).toBe(1);
  });

  it("a defence seat learns its teammate's secret only through teamOf", () => {
    const d2 = seatViewer("d2");
    expect(reveal(board1[0]!.real, d2, teamOf)).toBe("wall-breaker#1");
    expect(reveal(board1[0]!.real, d2)).toBeUndefined();
  });

  it("the omniscient viewer sees every real token", () => {
    const view = project(board2, omniscient);
    expect(view.filter((t) => "real" in t && t.real).map((t) => t.id)).toEqual(["wall-breaker#2", "trapper#1"]);
  });

  it("once an operator is revealed, every viewer sees which of its tokens is real; the other stays hidden", () => {
    const revealed = [revealOperator(board1[0]!), board1[1]!];
    forEveryViewer(allViewers(seats, teams), (viewer, label) => {
      const view = project(revealed, viewer);
      expect(view.slice(0, 2).map((t) => ("real" in t ? t.real : "unknown"))).toEqual([true, false]);
      const trapper = view.slice(2).map((t) => ("real" in t ? t.real : "unknown"));
      expect(trapper).toEqual(isAttackSide(label) ? ["unknown", "unknown"] : [false, true]);
    });
  });

  // Siege operator picks: simultaneous, hidden from the other team until both teams have picked.
  it("operator picks are hidden from the other team until both teams have picked", () => {
    type Picks = Record<TeamId, Hidden<string[]> | null>;
    const pick = (p: Picks, team: TeamId, ops: string[]): Picks => {
      const next: Picks = { ...p, [team]: { audience: onlyTeams(team), value: ops } };
      const all = Object.values(next).every((h) => h !== null);
      return all ? Object.fromEntries(Object.entries(next).map(([t, h]) => [t, { ...h!, audience: everyone }])) : next;
    };
    const projectPicks = (p: Picks, viewer: Viewer) =>
      Object.fromEntries(Object.entries(p).map(([t, h]) => [t, h === null ? "picking" : (reveal(h, viewer, teamOf) ?? "picked")]));

    const none: Picks = { attack: null, defence: null };
    const one = pick(none, "defence", ["trapper", "wall-breaker"]);
    const both = pick(one, "attack", ["sledge", "thermite"]);
    forEveryViewer(allViewers(seats, teams), (viewer, label) => {
      const defenceKnows = label === "omniscient" || ["seat:d1", "seat:d2", "team:defence"].includes(label);
      expect(projectPicks(one, viewer)).toEqual({ attack: "picking", defence: defenceKnows ? ["trapper", "wall-breaker"] : "picked" });
      expect(projectPicks(both, viewer)).toEqual({ attack: ["sledge", "thermite"], defence: ["trapper", "wall-breaker"] });
    });
  });
});

// ---------------------------------------------------------------------------------------------
// (c) EMBER optical camouflage (seed 000): the marker square is public, the real square is known to
// the owner only; a decloak places the unit on its real square (within its concealment value).

describe("EMBER optical camouflage", () => {
  interface Camouflaged {
    readonly id: string;
    readonly owner: SeatId;
    readonly concealment: number;
    readonly marker: Square;
    readonly real: Hidden<Square>;
  }
  const seats = ["p1", "p2"];
  const camo = (real: Square): Camouflaged => ({
    id: "ghost",
    owner: "p2",
    concealment: 2,
    marker: sq(6, 6),
    real: { audience: onlySeats("p2"), value: real },
  });
  const decloak = (u: Camouflaged): Camouflaged => {
    if (chebyshev(u.real.value, u.marker) > u.concealment) throw new Error("real square outside the concealment value");
    return { ...u, marker: u.real.value, real: { ...u.real, audience: everyone } };
  };
  const project = (u: Camouflaged, viewer: Viewer) => ({
    id: u.id,
    owner: u.owner,
    marker: u.marker,
    realSquare: reveal(u.real, viewer) ?? null,
  });

  it("every viewer sees the marker; only the owner and omniscient see the real square", () => {
    const unit = camo(sq(7, 5));
    forEveryViewer(allViewers(seats), (viewer, label) => {
      const view = project(unit, viewer);
      expect(view.marker).toEqual(sq(6, 6));
      expect(view.realSquare).toEqual(label === "seat:p2" || label === "omniscient" ? sq(7, 5) : null);
    });
  });

  it("the opponent's and spectator's views are the same wherever the unit really is", () => {
    const candidates = [sq(5, 5), sq(6, 6), sq(8, 8), sq(4, 7)];
    forEveryViewer(allViewers(seats), (viewer, label) => {
      const views = new Set(candidates.map((c) => canonicalJson(project(camo(c), viewer))));
      expect(views.size).toBe(label === "seat:p1" || label === "spectator" ? 1 : candidates.length);
    });
  });

  it("after a decloak the real square is public and the marker moves onto it", () => {
    const unit = decloak(camo(sq(8, 7)));
    forEveryViewer(allViewers(seats), (viewer) => {
      expect(project(unit, viewer)).toEqual({ id: "ghost", owner: "p2", marker: sq(8, 7), realSquare: sq(8, 7) });
    });
    expect(() => decloak(camo(sq(9, 6)))).toThrow(/concealment/);
  });
});

// ---------------------------------------------------------------------------------------------
// (d) Tactical TRPG concealment (seed 002): a concealed character's square and concealment value are
// known to its own side and the game master (omniscient) until spotted; then public.

describe("TRPG concealed characters", () => {
  interface Character {
    readonly id: string;
    readonly side: TeamId;
    /** Square and concealment value; audience everyone when not concealed. */
    readonly position: Hidden<{ square: Square; concealment: number | null }>;
  }
  const seats = ["p1", "p2", "h1"];
  const teams = ["party", "hostiles"];
  const teamOf: TeamOf = (seat) => (seat === "h1" ? "hostiles" : seat === "p1" || seat === "p2" ? "party" : undefined);

  const concealed = (id: string, side: TeamId, square: Square, value: number): Character => ({
    id,
    side,
    position: { audience: onlyTeams(side), value: { square, concealment: value } },
  });
  const inTheOpen = (id: string, side: TeamId, square: Square): Character => ({
    id,
    side,
    position: { audience: everyone, value: { square, concealment: null } },
  });
  /** A spotting roll (d6 + COG + environment - cover) that reaches the value ends concealment. */
  const spot = (c: Character, total: number): Character =>
    c.position.value.concealment !== null && total >= c.position.value.concealment
      ? { ...c, position: { audience: everyone, value: { square: c.position.value.square, concealment: null } } }
      : c;

  const project = (chars: readonly Character[], viewer: Viewer) =>
    chars.flatMap((c) => {
      const pos = reveal(c.position, viewer, teamOf);
      return pos === undefined ? [] : [{ id: c.id, side: c.side, square: pos.square, concealment: pos.concealment }];
    });

  const scene = [
    concealed("scout", "party", sq(2, 3), 5),
    inTheOpen("medic", "party", sq(1, 1)),
    concealed("sniper", "hostiles", sq(9, 4), 6),
    inTheOpen("brute", "hostiles", sq(8, 8)),
  ];

  it("each side sees its own concealed characters and only the other side's characters in the open", () => {
    forEveryViewer(allViewers(seats, teams), (viewer, label) => {
      const ids = project(scene, viewer).map((c) => c.id);
      const party = ["seat:p1", "seat:p2", "team:party"].includes(label);
      const hostiles = ["seat:h1", "team:hostiles"].includes(label);
      if (label === "omniscient") expect(ids).toEqual(["scout", "medic", "sniper", "brute"]);
      else if (party) expect(ids).toEqual(["scout", "medic", "brute"]);
      else if (hostiles) expect(ids).toEqual(["medic", "sniper", "brute"]);
      else expect(ids).toEqual(["medic", "brute"]);
    });
  });

  it("the concealment value is shown with the square to the side that knows it", () => {
    expect(project(scene, seatViewer("p2")).find((c) => c.id === "scout")).toEqual({
      id: "scout",
      side: "party",
      square: sq(2, 3),
      concealment: 5,
    });
    expect(project(scene, omniscient).find((c) => c.id === "sniper")?.concealment).toBe(6);
  });

  it("a failed spotting roll changes nothing; a roll reaching the value makes the character public", () => {
    const failed = scene.map((c) => (c.id === "sniper" ? spot(c, 5) : c));
    expect(canonicalJson(failed)).toBe(canonicalJson(scene));
    const spotted = scene.map((c) => (c.id === "sniper" ? spot(c, 6) : c));
    forEveryViewer(allViewers(seats, teams), (viewer) => {
      expect(project(spotted, viewer).find((c) => c.id === "sniper")).toEqual({
        id: "sniper",
        side: "hostiles",
        square: sq(9, 4),
        concealment: null,
      });
    });
  });

  it("the other side's view does not depend on where a concealed character is or its value", () => {
    const moved = scene.map((c) => (c.id === "sniper" ? concealed("sniper", "hostiles", sq(3, 10), 3) : c));
    forEveryViewer(allViewers(seats, teams), (viewer, label) => {
      const identical = same(project(scene, viewer), project(moved, viewer));
      expect(identical).toBe(!["seat:h1", "team:hostiles", "omniscient"].includes(label));
    });
  });
});

// ---------------------------------------------------------------------------------------------
// All games: the dice seed is committed at setup and known to nobody (not even omniscient feeds,
// which could otherwise predict rolls) until the match ends.

describe("the dice seed", () => {
  const project = (seed: Hidden<string>, over: boolean, viewer: Viewer) =>
    over ? seed.value : viewer.kind === "omniscient" ? null : (reveal(seed, viewer) ?? null);

  it("is server-only during the match and public after it", () => {
    const seed: Hidden<string> = { audience: serverOnly, value: "f".repeat(64) };
    forEveryViewer(allViewers(["p1", "p2"], ["t"]), (viewer) => {
      expect(project(seed, false, viewer)).toBeNull();
      expect(project(seed, true, viewer)).toBe("f".repeat(64));
    });
    // the helper alone would tell an omniscient viewer: withholding it is the ruleset's job
    expect(reveal(seed, omniscient)).toBe("f".repeat(64));
  });
});
