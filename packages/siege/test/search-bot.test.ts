/**
 * Siege's search bot decides from a seat's projection only: two real states that differ in the
 * other team's secrets (which token of each hidden operator is real, a locked pick, the dice) but
 * share the seat's view give the same command; every command it returns is legal; and it beats the
 * random bot as the attack and as the defence.
 */
import { autoplay, duel, Random, RandomBot, rngStateFromSeed, SearchBot, seatViewer, type SeatId } from "@fogwar/engine";
import { siege, siegeBotPolicy, type SiegeCommand, type SiegeState } from "../src";
import { tokensOf } from "../src/query";
import { determinize } from "../src/determinize";
import { siegeSearch, siegeSearchBot } from "../src/search-bot";
import { ATTACK_PICK, hazeContestsRook, run, SETUP_1V1 } from "./helpers";

const SMALL = { simulations: 24, maxCandidates: 8, depth: 0 };
const other = (seat: SeatId): SeatId => (seat === "a1" ? "d1" : "a1");

/** The same state with every hidden operator's other token made the real one, and other dice. */
function withOtherSecrets(state: SiegeState, k: number): SiegeState {
  const real = { ...state.hidden.real };
  for (const [op, token] of Object.entries(real)) {
    const swap = tokensOf(state, op).find((t) => t.id !== token);
    if (swap) real[op] = swap.id;
  }
  const seed = `twin-${k}`;
  return { ...state, hidden: { ...state.hidden, real }, server: { seed, rng: { dice: rngStateFromSeed(seed, "dice"), tokens: rngStateFromSeed(seed, "tokens") } } };
}

/** The same state in the picks phase with the attack's locked pick changed. */
function withOtherAttackPick(state: SiegeState): SiegeState {
  const pick = ATTACK_PICK.type === "pick" ? { operators: ATTACK_PICK.operators, inventory: ATTACK_PICK.inventory } : null;
  const mine = JSON.stringify(state.hidden.picks.attack) === JSON.stringify(pick);
  const changed = mine ? { operators: ["auger", "bulwark", "cinder", "haze", "skylark"], inventory: { frag_grenade: 2, smoke_grenade: 2, drone: 1 } } : pick;
  return { ...state, hidden: { ...state.hidden, picks: { ...state.hidden.picks, attack: changed } } };
}

/** Moments of random matches: the attack to act with hidden defenders on the board, and the defence to pick after the attack. */
function secretMoments(count: number): { state: SiegeState; seat: SeatId }[] {
  const out: { state: SiegeState; seat: SeatId }[] = [];
  for (let i = 0; out.length < count && i < 10; i++) {
    let picks = 0;
    autoplay(siege, SETUP_1V1, `nonint-${i}`, `nonint-bot-${i}`, {
      policy: siegeBotPolicy,
      onCommand: (match) => {
        const state = match.state;
        const seat = siege.awaiting(state)[0];
        if (!seat || out.length >= count) return;
        if (state.phase === "picks" && seat === "d1" && picks++ === 0) out.push({ state, seat });
        const hidden = Object.keys(state.hidden.real).some((op) => state.operators[op]?.hidden && tokensOf(state, op).length === 2);
        if (state.phase === "action" && seat === "a1" && hidden && out.length % 3 !== 0 && siege.legalCommands(state, seat).length > 2) out.push({ state, seat });
      },
    });
  }
  return out;
}

describe("Siege search bot: knowledge from the seat's projection only", () => {
  const moments = secretMoments(8);

  it("finds states with the other team's secrets in play", () => {
    expect(moments.length).toBe(8);
    expect(moments.some((m) => m.state.phase === "picks")).toBe(true);
    expect(moments.some((m) => m.state.phase === "action")).toBe(true);
  });

  it("chooses the same command in two real states that share the seat's view (non-interference)", () => {
    for (const [k, { state, seat }] of moments.entries()) {
      const twin = state.phase === "picks" ? withOtherAttackPick(state) : withOtherSecrets(state, k);
      expect(JSON.stringify(twin.hidden)).not.toBe(JSON.stringify(state.hidden));
      const view = siege.viewFor(state, seatViewer(seat));
      const twinView = siege.viewFor(twin, seatViewer(seat));
      expect(twinView).toEqual(view);
      const a = siegeSearchBot(`nonint-${k}`, SMALL).choose(view, seat);
      const b = siegeSearchBot(`nonint-${k}`, SMALL).choose(twinView, seat);
      expect(b).toEqual(a);
      expect(siege.legalCommands(state, seat)).toContainEqual(a);
      expect(siege.legalCommands(twin, seat)).toContainEqual(a);
    }
  });

  it("would tell a bot that reads the real state: one that searched the real states would choose differently", () => {
    // The check above is sensitive: the twins' secrets change what an omniscient search plays.
    let differs = 0;
    for (const [k, { state, seat }] of moments.entries()) {
      const twin = state.phase === "picks" ? withOtherAttackPick(state) : withOtherSecrets(state, k);
      const cheat = (real: SiegeState) => new SearchBot(siege, { ...siegeSearch, determinize: () => structuredClone(real) }, `nonint-${k}`, SMALL);
      const view = siege.viewFor(state, seatViewer(seat));
      if (JSON.stringify(cheat(state).choose(view, seat)) !== JSON.stringify(cheat(twin).choose(view, seat))) differs++;
    }
    expect(differs).toBeGreaterThan(0);
  });

  it("samples worlds that agree with the view: the same projection, other secrets", () => {
    for (const [k, { state, seat }] of moments.entries()) {
      const view = siege.viewFor(state, seatViewer(seat));
      const world = determinize(view, seat, new Random(rngStateFromSeed(`det-${k}`, "test")));
      expect(siege.viewFor(world, seatViewer(seat))).toEqual(view);
      if (state.phase === "action") expect(Object.keys(world.hidden.real).sort()).toEqual(Object.keys(state.hidden.real).sort());
      else expect(world.hidden.picks.attack).not.toBeNull();
    }
  });
});

describe("Siege search bot: play against the random bot (3 seeded matches as the attack, 3 as the defence, default budget)", () => {
  const outcomes: { seat: SeatId; won: boolean; decisions: number; illegal: unknown[] }[] = [];
  beforeAll(() => {
    for (const seat of ["a1", "d1"]) {
      for (let i = 0; i < 3; i++) {
        const bot = siegeSearchBot(`strength-${seat}-${i}`);
        const random = new RandomBot<SiegeCommand>(`random-${i}`, siegeBotPolicy);
        const outcome = { seat, won: false, decisions: 0, illegal: [] as unknown[] };
        const { match } = duel(siege, SETUP_1V1, `strength-${i}`, {
          [seat]: (view, s, legal) => {
            const command = bot.choose(view, s);
            outcome.decisions++;
            if (!legal.some((c) => JSON.stringify(c) === JSON.stringify(command))) outcome.illegal.push(command);
            return command;
          },
          [other(seat)]: (_view, _s, legal) => random.choose(legal),
        });
        outcome.won = siege.result(match.state)?.winners?.includes(seat) ?? false;
        outcomes.push(outcome);
      }
    }
  });

  it("only ever returns legal commands, as the attack and as the defence", () => {
    expect(outcomes.flatMap((o) => o.illegal)).toEqual([]);
    for (const o of outcomes) expect(o.decisions).toBeGreaterThan(10);
  });

  it("wins every one of them, as the attack and as the defence", () => {
    const wins = (seat: SeatId) => outcomes.filter((o) => o.seat === seat && o.won).length;
    expect({ attack: wins("a1"), defence: wins("d1") }).toEqual({ attack: 3, defence: 3 });
  });
});

describe("Siege bots: the decision of an exchange of fire (seed 004 사격 교환: the surviving holder may fire back)", () => {
  /** Haze contests Rook's loft token on 1,1; Rook fights, survives Haze's shot and is asked. */
  const asked = (seed: string): SiegeState => run(hazeContestsRook(seed), [["d1", { type: "contest", fight: true }]]);

  it("the search bot fires back (the shot costs nothing and may wound the challenger)", () => {
    for (let i = 0; i < 3; i++) {
      const s = asked(`bot-return-fire-${i}`);
      expect(s.pending).toMatchObject({ kind: "return_fire", team: "defence" });
      expect(siegeSearchBot(`return-fire-${i}`, SMALL).choose(siege.viewFor(s, seatViewer("d1")), "d1")).toEqual({ type: "return_fire", fire: true });
    }
  });

  it("the random bot weighs firing back as a reaction shot and not firing as holding fire", () => {
    const fire = { type: "return_fire", fire: true } as const;
    const hold = { type: "return_fire", fire: false } as const;
    expect([siegeBotPolicy.group!(fire), siegeBotPolicy.group!(hold)]).toEqual(["react", "hold"]);
    expect(siegeBotPolicy.weight!("react")).toBeGreaterThan(siegeBotPolicy.weight!("hold"));
  });
});
