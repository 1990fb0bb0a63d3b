/**
 * The battle's course (project core rules C1-C4, C11, C12; seed 003 24.1): setup and the secret
 * muster, the reveal and deployment, battle rounds with a priority roll, turns and phases, scoring
 * and the end.
 */
import { commit, deriveSalt, diceSeed, everyone, lockList, revealMuster, seedCommitment, startMuster, rngStateFromSeed, type EventEnvelope, type SeatId } from "@fogwar/engine";
import { catalog, type ArmyList, type Phase } from "./data";
import { inches, within } from "./geometry";
import { Ctx } from "./context";
import { placeTokens, resolveDelayed, triggerMusts, windowOpenFor } from "./abilities";
import { offerRiposte, picker, startCombat } from "./combat";
import { isLive } from "./modifiers";
import { reactionUses } from "./reactions";
import { raiseRemoval } from "./removal";
import { raiseRetreat } from "./retreat";
import { discs, fieldUnits, otherSeat, ws } from "./query";
import type { SigmarEvent, SigmarSetup, SigmarState, UnitState } from "./types";

/** The order of a turn's phases (project core rule C4). */
export const PHASES: readonly Phase[] = ["hero", "movement", "shooting", "charge", "combat", "end"];

/** A reserve unit's commitment salt (opened when it is set up). */
export const reserveSalt = (seed: string, seat: SeatId, n: number): string => deriveSalt(seed, `reserve:${seat}:${n}`);

/** What a reserve unit's commitment is made of. */
export const reserveEntry = (u: { warscroll: string; enhancement?: string }) => ({ warscroll: u.warscroll, enhancement: u.enhancement ?? null });

/**
 * A new match: no units yet, every seat to muster its secret list (or, when the setup gives both
 * lists, both locked and revealed at once). Each seat's deck of tactic cards is shuffled by the
 * server from the secret seed. The state keeps the dice seed (`diceSeed(seed)`: the dice, the
 * reserve salts, what the match reveals at its end) and, until the reveal, the muster's key
 * (`musterKey(seed)`, never revealed), never `seed` itself, so nothing a finished match reveals
 * opens a list that stayed secret. The seed commitment is `seed`'s (it opens with the dice seed).
 * @throws Error for a setup without two seats or with invalid lists.
 */
export function setupMatch(setup: SigmarSetup, matchSeed: string): { state: SigmarState; events: EventEnvelope<SigmarEvent>[] } {
  if (setup.seats.length !== 2 || setup.seats[0] === setup.seats[1]) throw new Error("a battle has two seats");
  const seed = diceSeed(matchSeed);
  const state: SigmarState = {
    ruleset: "sigmar",
    seats: [...setup.seats],
    phase: "muster",
    round: 0,
    turn: 0,
    active: null,
    first: null,
    step: "hero",
    deploying: null,
    units: {},
    persisting: [],
    tokens: [],
    used: {},
    cp: Object.fromEntries(setup.seats.map((s) => [s, 0])),
    vp: Object.fromEntries(setup.seats.map((s) => [s, 0])),
    combat: null,
    pending: null,
    window: null,
    delayed: [],
    removals: [],
    retreating: null,
    endOfPhase: [],
    neutralOrder: [],
    seq: 0,
    muster: startMuster<ArmyList>(setup.seats, matchSeed),
    armies: {},
    hands: Object.fromEntries(setup.seats.map((s) => [s, []])),
    played: Object.fromEntries(setup.seats.map((s) => [s, []])),
    result: null,
    seedCommitment: seedCommitment(matchSeed),
    secret: { seed, rng: { dice: rngStateFromSeed(seed, "dice"), decks: rngStateFromSeed(seed, "decks") }, decks: {} },
  };
  const ctx = new Ctx(state);
  const cards = [...catalog.tactics.keys()];
  for (const seat of state.seats) state.secret.decks[seat] = ctx.decks.shuffle(cards);
  ctx.emit({ type: "seed_committed", commitment: state.seedCommitment });
  if (setup.armies) {
    for (const seat of state.seats) {
      const list = setup.armies[seat];
      if (!list) throw new Error(`no army list for ${seat}`);
      const locked = lockList(state.muster, seed, seat, list);
      if ("problem" in locked) throw new Error(locked.problem);
      ctx.emitTo(seat, { type: "army_locked", seat, commitment: locked.commitment, army: list }, { type: "army_locked", seat, commitment: locked.commitment });
    }
    reveal(ctx);
  }
  return ctx.finish();
}

/**
 * Both lists are locked: reveal them (project core rule C2) without the units that start in
 * reserve (seed 003 24.1: which units are in reserve stays secret until each is set up; each is
 * committed to) and without the list's name (its label may tell the reserve), then deployment begins.
 */
export function reveal(ctx: Ctx): void {
  const s = ctx.state;
  const { lists } = revealMuster(s.muster, s.secret.seed);
  const shown: Extract<SigmarEvent, { type: "armies_revealed" }>["armies"] = {};
  for (const seat of s.seats) {
    const list = lists[seat]!;
    let field = 0;
    let reserve = 0;
    const commitments: string[] = [];
    const units: { id: string; warscroll: string; enhancement?: string }[] = [];
    for (const entry of list.units) {
      const isReserve = entry.reserve === true;
      const id = isReserve ? `${seat}-r${++reserve}` : `${seat}-u${++field}`;
      const size = catalog.warscrolls.get(entry.warscroll)!.models;
      s.units[id] = { id, owner: seat, warscroll: entry.warscroll, size, models: [], damage: 0, where: isReserve ? "reserve" : "undeployed", did: {}, next: 1, ...(entry.enhancement ? { enhancement: entry.enhancement } : {}) };
      if (isReserve) commitments.push(commit(reserveEntry(entry), reserveSalt(s.secret.seed, seat, reserve)));
      else units.push({ id, warscroll: entry.warscroll, ...(entry.enhancement ? { enhancement: entry.enhancement } : {}) });
    }
    // Not the list's name (since sigmar-0.6.0): a sample list keeps its name when edited, so the name
    // told which sample a list began as, and with the units in sight, what it likely holds in reserve.
    s.armies[seat] = { faction: list.faction, reserves: reserve, reserveCommitments: commitments };
    shown[seat] = { faction: list.faction, units, reserves: reserve, reserveCommitments: commitments };
  }
  ctx.emit({ type: "armies_revealed", armies: shown });
  s.phase = "deployment";
  s.deploying = s.seats[0]!;
  nextDeployer(ctx);
}

/** Units of `seat` still to deploy. */
export const undeployed = (s: SigmarState, seat: SeatId): UnitState[] => Object.values(s.units).filter((u) => u.owner === seat && u.where === "undeployed");

/** Passes deployment to whoever still has units to deploy; when nobody has, the battle begins. */
export function nextDeployer(ctx: Ctx): void {
  const s = ctx.state;
  const seat = s.deploying!;
  if (undeployed(s, seat).length > 0) return;
  const other = otherSeat(s, seat);
  if (undeployed(s, other).length > 0) {
    s.deploying = other;
    return;
  }
  s.deploying = null;
  s.phase = "battle";
  for (const seat of s.seats) draw(ctx, seat, catalog.rules.handSize);
  startRound(ctx);
}

/** Draws up to `n` cards from the top of `seat`'s deck into its hand (the cards seen by that seat only). */
export function draw(ctx: Ctx, seat: SeatId, n: number): void {
  const deck = ctx.state.secret.decks[seat]!;
  const cards = deck.splice(0, Math.min(n, deck.length));
  if (cards.length === 0) return;
  ctx.state.hands[seat]!.push(...cards);
  ctx.emitTo(seat, { type: "cards_drawn", seat, count: cards.length, cards }, { type: "cards_drawn", seat, count: cards.length });
}

/** A battle round: reserves left over are destroyed at the start of round 4 (seed 003 24.1), then the priority roll. */
function startRound(ctx: Ctx): void {
  const s = ctx.state;
  s.round++;
  if (s.round === catalog.rules.reserveDeadlineRound) {
    const left = Object.values(s.units).filter((u) => u.where === "reserve");
    if (left.length > 0) {
      for (const u of left) u.where = "destroyed";
      ctx.emit({ type: "reserves_destroyed", units: left.map((u) => ({ id: u.id, warscroll: u.warscroll, salt: reserveSalt(s.secret.seed, u.owner, Number(u.id.split("-r")[1])) })) });
      if (checkEnd(ctx)) return;
    }
  }
  // Priority (project core rule C4): each player rolls a dice; the higher chooses who takes the
  // first turn; on a tie the previous round's first player chooses (round 1: the first seat).
  const rolls = Object.fromEntries(s.seats.map((seat) => [seat, ctx.d6()]));
  const [a, b] = s.seats as [SeatId, SeatId];
  const winner = rolls[a]! > rolls[b]! ? a : rolls[b]! > rolls[a]! ? b : (s.first ?? a);
  for (const seat of s.seats) s.cp[seat] = (s.cp[seat] ?? 0) + catalog.rules.commandPointsPerRound;
  s.pending = { kind: "priority", seat: winner, items: [winner, otherSeat(s, winner)], rolls };
}

/** The priority roll's winner has chosen `first` to take the first turn (project core rule C4). */
export function chooseFirst(ctx: Ctx, chooser: SeatId, first: SeatId, rolls: Readonly<Record<SeatId, number>>): void {
  const s = ctx.state;
  s.first = first;
  ctx.emit({ type: "round_started", round: s.round, rolls: { ...rolls }, first, chooser });
  startTurn(ctx, first);
}

/** A turn: the hero phase first; a card drawn; the neutral passives ordered by the active player (seed 003 30). */
function startTurn(ctx: Ctx, seat: SeatId): void {
  const s = ctx.state;
  s.turn++;
  s.active = seat;
  s.step = "hero";
  for (const u of Object.values(s.units)) u.did = {};
  ctx.emit({ type: "turn_started", turn: s.turn, seat });
  if (s.hands[seat]!.length < catalog.rules.handSize) draw(ctx, seat, 1);
  const neutral = catalog.battleplan.terrain.flatMap((t) => (t.passive ? [t.passive.id] : []));
  s.neutralOrder = neutral;
  if (neutral.length >= 2) {
    s.pending = { kind: "order_neutral", seat, items: neutral };
    return;
  }
  enterPhase(ctx, "hero");
}

/**
 * Starts a phase: first its start window (core C13: abilities used "at the start of the phase",
 * the active player's then the other's), then its start-of-phase rules (the combat order, which so
 * counts STRIKE-FIRST given in the window: seed 003 19; scoring; must-abilities).
 */
export function enterPhase(ctx: Ctx, phase: Phase): void {
  const s = ctx.state;
  s.step = phase;
  ctx.emit({ type: "phase_started", phase });
  s.window = { at: "start", seat: s.active };
  advanceWindow(ctx);
}

/** The start-of-phase rules, once the start window has closed. */
function afterStartWindow(ctx: Ctx): void {
  const s = ctx.state;
  if (s.step === "combat") startCombat(ctx);
  if (s.step === "end") score(ctx);
  triggerMusts(ctx);
  settle(ctx);
}

/**
 * Moves the open window on (core C13): the seat whose go it is is asked (a `phase_window`
 * decision) while it has an ability it may use in this window; a seat with none is passed over
 * without a question (whether a seat has one depends only on its units on the battlefield, which
 * are public); after the active player, the other; then the window closes and the phase starts or
 * ends.
 */
export function advanceWindow(ctx: Ctx): void {
  const s = ctx.state;
  const w = s.window;
  if (!w || s.pending || s.result) return;
  while (w.seat !== null) {
    if (windowOpenFor(s, w.seat) || reactionUses(s, w.seat).length > 0) {
      s.pending = { kind: "phase_window", seat: w.seat, at: w.at };
      return;
    }
    w.seat = w.seat === s.active ? otherSeat(s, w.seat) : null;
  }
  if (w.at === "start") {
    s.window = null;
    afterStartWindow(ctx);
  } else endPhase(ctx);
}

/** The seat asked in the window passes (core C13): the other seat's go, or the window closes. */
export function passWindow(ctx: Ctx): void {
  const s = ctx.state;
  const w = s.window;
  if (!w || w.seat === null) return;
  w.seat = w.seat === s.active ? otherSeat(s, w.seat) : null;
  advanceWindow(ctx);
}

/**
 * Ends the current phase: delayed replacements first (seed 003 24.2), then the end window (core
 * C13), then the next phase, turn or round.
 */
export function endPhase(ctx: Ctx): void {
  const s = ctx.state;
  if (s.endOfPhase.length > 0) {
    offerReplacement(ctx);
    if (s.pending) return;
  }
  if (s.window?.at !== "end") s.window = { at: "end", seat: s.active };
  if (s.window.seat !== null) return advanceWindow(ctx);
  s.window = null;
  expire(ctx, true);
  s.combat = null;
  const at = PHASES.indexOf(s.step);
  if (s.step !== "end") return enterPhase(ctx, PHASES[at + 1]!);
  expire(ctx, false);
  if (checkEnd(ctx)) return;
  if (s.active === s.first) return startTurn(ctx, otherSeat(s, s.active!));
  if (s.round >= catalog.rules.rounds) return finish(ctx, null, "the last battle round is over");
  startRound(ctx);
}

/** The first destroyed unit waiting for its replacement is offered to its owner (active player's first). */
function offerReplacement(ctx: Ctx): void {
  const s = ctx.state;
  const order = [...s.endOfPhase].sort((a, b) => Number(s.units[a]!.owner !== s.active) - Number(s.units[b]!.owner !== s.active));
  const id = order[0]!;
  const unit = s.units[id]!;
  const ability = ws(unit).abilities.find((a) => a.trigger === "destroyed")!;
  const effect = ability.effects.find((e) => e.kind === "replacement")!;
  const count = Math.floor(unit.size / (effect.kind === "replacement" ? effect.fraction : 2));
  s.endOfPhase = s.endOfPhase.filter((u) => u !== id);
  if (count < 1) return;
  s.pending = { kind: "replacement", seat: unit.owner, unit: id, count };
}

/** Persisting effects that end with the phase (or the turn) are removed, and their tokens. */
function expire(ctx: Ctx, phaseOnly: boolean): void {
  const s = ctx.state;
  const keep = s.persisting.filter((p) => (phaseOnly ? !(p.until.phase === s.step && p.until.turn === s.turn) : isLive({ turn: s.turn + 1, step: "hero" }, { turn: p.until.turn })));
  s.persisting = keep;
  const gone = s.tokens.filter((t) => !keep.some((p) => p.token === t.id));
  for (const t of gone) ctx.emit({ type: "token_removed", token: t.id });
  s.tokens = s.tokens.filter((t) => keep.some((p) => p.token === t.id));
}

/** End phase scoring (project core rule C11): the active player scores 1 victory point per objective it controls. */
function score(ctx: Ctx): void {
  const s = ctx.state;
  const seat = s.active!;
  const held = controlled(s, seat);
  s.vp[seat] = (s.vp[seat] ?? 0) + held.length;
  ctx.emit({ type: "scored", seat, objectives: held, vp: s.vp[seat]! });
}

/** The objectives `seat` controls: its models' Control within 3" of the marker outnumber the enemy's. */
export function controlled(s: SigmarState, seat: SeatId): string[] {
  const range = inches(catalog.rules.objectiveRange);
  const control = (who: SeatId, o: { x: number; y: number }) =>
    fieldUnits(s, who).reduce((n, u) => n + discs(u).filter((d) => within(d, { x: inches(o.x), y: inches(o.y), r: 0 }, range)).length * ws(u).control, 0);
  return catalog.battleplan.objectives.filter((o) => control(seat, o) > control(otherSeat(s, seat), o)).map((o) => o.id);
}

/**
 * After a command: resolve delayed effects, re-place tokens, end the combat phase when nobody can
 * fight, and end the match when a side has no units left.
 */
export function settle(ctx: Ctx): void {
  const s = ctx.state;
  if (s.result) return;
  // Core C8: slain models held for their owner's choice are removed before anything else happens.
  if (raiseRemoval(s)) return;
  // Core C5: a retreat's move, once its slain models are removed.
  if (raiseRetreat(s)) return;
  resolveDelayed(ctx);
  offerRiposte(ctx);
  for (const id of new Set(s.tokens.map((t) => t.unit))) placeTokens(s, id);
  if (checkEnd(ctx) || s.pending) return;
  if (s.window && s.window.seat !== null) return advanceWindow(ctx);
  if (s.phase === "battle" && s.step === "combat" && s.combat && !s.combat.answer && picker(s) === null) endPhase(ctx);
}

/** The match ends when a side has no unit on the battlefield or in reserve (the other wins). */
function checkEnd(ctx: Ctx): boolean {
  const s = ctx.state;
  if (s.phase !== "battle") return false;
  const alive = (seat: SeatId) => Object.values(s.units).some((u) => u.owner === seat && (u.where === "field" || u.where === "reserve"));
  const dead = s.seats.filter((seat) => !alive(seat));
  if (dead.length === 0) return false;
  finish(ctx, dead.length === 1 ? otherSeat(s, dead[0]!) : null, dead.length === 1 ? `${dead[0]} has no units left` : "both armies are destroyed");
  return true;
}

/**
 * Ends the match (the winner, or the victory points); reveals the dice seed, the hands and, when
 * the muster was revealed, the lists (a match ended during the muster reveals no list: a list
 * never revealed stays its player's secret for ever, design.md principle 8).
 */
export function finish(ctx: Ctx, winner: SeatId | null, reason: string): void {
  const s = ctx.state;
  const [a, b] = s.seats as [SeatId, SeatId];
  const byPoints = winner === null && reason === "the last battle round is over";
  const w = byPoints ? (s.vp[a]! > s.vp[b]! ? a : s.vp[b]! > s.vp[a]! ? b : null) : winner;
  s.result = { winner: w, reason: byPoints ? `${reason}: victory points ${s.vp[a]}-${s.vp[b]}` : reason, scores: { ...s.vp } };
  s.phase = "finished";
  s.pending = null;
  s.removals = [];
  s.retreating = null;
  s.active = null;
  const shown = (seat: SeatId) => (s.muster.revealed ? s.muster.seats[seat]?.list : null);
  const lists = Object.fromEntries(s.seats.flatMap((seat) => (shown(seat) ? [[seat, shown(seat)!]] : [])));
  const salts = Object.fromEntries(s.seats.flatMap((seat) => (s.muster.seats[seat]?.salt ? [[seat, s.muster.seats[seat]!.salt!]] : [])));
  ctx.events.push({ audience: everyone, event: { type: "match_ended", result: s.result, seed: s.secret.seed, lists, salts, hands: structuredClone(s.hands) } });
}

/**
 * A fresh state already in the battle with no units, for tests and tools that build positions
 * directly: both sample lists of the first two factions locked and revealed, then emptied.
 */
export function setupBattle(): SigmarState {
  const lists = { p1: catalog.armies[0]!, p2: catalog.armies[2]! };
  return setupMatch({ seats: ["p1", "p2"], armies: lists }, "battle").state;
}
