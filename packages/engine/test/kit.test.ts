/**
 * The ruleset test kit (`@fogwar/engine/testing`) checked on the dial-duel fixture: the honest
 * ruleset passes every check, and a copy that leaks a seat's unrevealed number through one
 * channel (the view, an event, an error message, the legal commands, the awaited seats) fails the
 * kit on that channel. So a leak a later ruleset makes through any of them is caught.
 */
import { commit, Random, rngStateFromSeed, type Ruleset, type SeatId } from "../src";
import { runKit, type KitSpec, type Probe, type Secret } from "../src/testing";
import { dialDuel, dialLegalInView as legalInView, type DialDuelCommand, type DialDuelEvent, type DialDuelSetup, type DialDuelState, type DialView } from "../src/testing/dial-duel";
import { SETUP } from "./helpers/dial-duel-play";

type DialRuleset = Ruleset<DialDuelSetup, DialDuelState, DialDuelCommand, DialDuelEvent, DialView>;
type DialSecret = Secret<DialDuelSetup, DialDuelState, DialDuelCommand, DialDuelEvent, DialView>;

const SEATS = dialDuel.seatsOf(SETUP);
const CASES = Array.from({ length: 24 }, (_, i) => ({ seed: `kit-${i}`, botSeed: `kit-bot-${i}`, setup: SETUP }));

/** `seat`'s locked, unrevealed number, or null. */
const hiddenNumber = (state: DialDuelState, seat: SeatId): number | null => {
  const dial = state.dials[seat];
  return dial && !dial.revealed ? dial.secret.value.number : null;
};

/** The same state with `seat`'s unrevealed number replaced (commitment and salt untouched). */
function withOtherNumber(state: DialDuelState, seat: SeatId): DialDuelState {
  const dial = state.dials[seat]!;
  const number = (dial.secret.value.number % 6) + 1;
  return { ...state, dials: { ...state.dials, [seat]: { ...dial, secret: { ...dial.secret, value: { ...dial.secret.value, number } } } } };
}

/** A seat's unrevealed number: its seat and omniscient viewers may know it. */
const numberOf = (hider: SeatId): DialSecret => ({
  name: "number",
  entitled: (_state, viewer) => viewer.kind === "omniscient" || (viewer.kind === "seat" && viewer.seat === hider),
  vary: (state) => (hiddenNumber(state, hider) === null ? [] : [withOtherNumber(state, hider)]),
  probes: (_ctx, seat) => [
    { seat, command: { type: "reveal" } },
    { seat, command: { type: "lock", number: 7 } },
    { seat, command: { type: "lock", number: 3 } },
    { seat, command: { type: "choose_starter", starter: seat } },
  ],
  revealedBy: (events) => events.some((e) => e.event.type === "revealed" && e.event.seat === hider),
  choices: (_state, seat, command) => (seat === hider && command.type === "lock" ? [{ type: "lock", number: (command.number % 6) + 1 }] : []),
  mentions: (state) => (hiddenNumber(state, hider) === null ? [] : [state.dials[hider]!.secret.value.salt]),
  maskKeys: ["commitment"],
});

/** Commands a seat that is not awaited might send: all refused. */
function strangers(state: DialDuelState, awaited: readonly SeatId[]): Probe[] {
  return SEATS.filter((s) => !awaited.includes(s)).flatMap((seat) => [
    ...[1, 6].map((number) => ({ seat, command: { type: "lock", number }, refuse: true })),
    { seat, command: { type: "reveal" }, refuse: true },
    { seat, command: { type: "choose_starter", starter: seat }, refuse: true },
    { seat: "p3", command: { type: "lock", number: 2 }, refuse: true },
    { seat, command: null, refuse: true },
  ]);
}

const spec = (ruleset: DialRuleset): KitSpec<DialDuelSetup, DialDuelState, DialDuelCommand, DialDuelEvent, DialView> => ({
  ruleset,
  cases: CASES,
  maxCommands: 60,
  secrets: SEATS.map(numberOf),
  invariants: ({ state }) => [
    ...SEATS.filter((s) => (state.wins[s] ?? 0) > 2).map((s) => `${s} has ${state.wins[s]} wins`),
    ...(state.history.length > 3 ? [`${state.history.length} rounds`] : []),
  ],
  legal: { probes: (ctx) => strangers(ctx.state, ruleset.awaiting(ctx.state)) },
  replay: { twice: true, determinismEvery: 4, reorderKeys: true },
});


/** The honest fixture with one function replaced. */
const leaky = (change: Partial<DialRuleset>): DialRuleset => ({ ...dialDuel, ...change });

const otherSeat = (state: DialDuelState, seat: SeatId) => (state.seats[0] === seat ? state.seats[1] : state.seats[0]);

const LEAKS: Record<string, { ruleset: DialRuleset; shows: RegExp }> = {
  "the view": {
    // Every viewer's view carries the unrevealed numbers in a field of its own.
    ruleset: leaky({ viewFor: (state, viewer) => ({ ...dialDuel.viewFor(state, viewer), history: [...state.history], peek: SEATS.map((s) => hiddenNumber(state, s)) }) as DialView }),
    shows: /the view depends on it: peek/,
  },
  "an event": {
    // The lock event goes to everyone with the number in it.
    ruleset: leaky({ apply: (state, command, seat) => {
      const r = dialDuel.apply(state, command, seat);
      return r.ok ? { ...r, events: r.events.map((e) => (e.event.type === "locked" ? { audience: { kind: "everyone" }, event: e.event } : e)) } : r;
    } }),
    shows: /the events differ/,
  },
  "an error message": {
    // A refusal names the opponent's locked number.
    ruleset: leaky({ apply: (state, command, seat) => {
      const r = dialDuel.apply(state, command, seat);
      const theirs = state.seats.includes(seat) ? hiddenNumber(state, otherSeat(state, seat)) : null;
      return !r.ok && theirs !== null ? { ok: false, error: { ...r.error, message: `${r.error.message} (they locked ${theirs})` } } : r;
    } }),
    shows: /sends .*they locked/,
  },
  "the legal commands": {
    // The number the opponent locked is not offered (apply still accepts it).
    ruleset: leaky({ legalCommands: (state, seat) => {
      const theirs = state.seats.includes(seat) ? hiddenNumber(state, otherSeat(state, seat)) : null;
      return dialDuel.legalCommands(state, seat).filter((c) => !(c.type === "lock" && c.number === theirs));
    } }),
    shows: /legal commands depend on it/,
  },
  "a refusal in the next command": {
    // The opponent may not lock a 6 while a locked 6 is waiting (the list still offers it).
    ruleset: leaky({ apply: (state, command, seat) => {
      const theirs = state.seats.includes(seat) ? hiddenNumber(state, otherSeat(state, seat)) : null;
      return command?.type === "lock" && theirs === 6 ? { ok: false, error: { code: "out_of_range", message: "Lock a whole number from 1 to 6.", rule: "dial-duel 2" } } : dialDuel.apply(state, command, seat);
    } }),
    shows: /accepted on the state, refused on the variant/,
  },
  "the awaited seats": {
    // A seat still locking is listed twice when the opponent locked a 5 or a 6.
    ruleset: leaky({ awaiting: (state) => {
      const seats = dialDuel.awaiting(state);
      const high = state.phase === "lock" && SEATS.some((s) => (hiddenNumber(state, s) ?? 0) >= 5);
      return high ? [...seats, ...seats] : seats;
    } }),
    shows: /awaiting depends on it/,
  },
};

describe("the ruleset test kit on the dial-duel fixture", () => {
  test("the honest ruleset passes: termination, replay, invariants, legal commands, every secret channel", () => {
    const { problems, counters, played } = runKit({ ...spec(leaky({ legalCommandsInView: legalInView })), inView: 1 });
    expect(problems.kinds().map((k) => [k, problems.shown(k)])).toEqual([]);
    expect(played.length).toBe(CASES.length);
    // Not vacuous: each channel compared something.
    for (const name of ["number:varied", "number:probes", "number:next", "number:choices", "number:mentions", "listed", "probes", "in-view"]) {
      expect([name, counters.get(name) > 20]).toEqual([name, true]);
    }
  });

  test.each(Object.keys(LEAKS))("a ruleset that leaks the unrevealed number through %s fails the kit", (channel) => {
    const { ruleset, shows } = LEAKS[channel]!;
    const { problems } = runKit(spec(ruleset));
    expect(problems.list("number").length).toBeGreaterThan(0);
    expect(problems.list("number").some((p) => shows.test(p))).toBe(true);
  });

  test("a command that reveals the secret is not replayed on the variant, where its outcome may differ: a reveal checked against its commitment (refused with another number behind it) is no problem", () => {
    const checked = leaky({ apply: (state, command, seat) => {
      const dial = state.dials[seat];
      if (command?.type === "reveal" && dial && !dial.revealed && commit(dial.secret.value.number, dial.secret.value.salt) !== dial.commitment) {
        return { ok: false, error: { code: "wrong_phase", message: "Numbers are revealed once both seats have locked.", rule: "dial-duel 3" } };
      }
      return dialDuel.apply(state, command, seat);
    } });
    const { problems, counters } = runKit({ ...spec(checked), cases: CASES.slice(0, 6) });
    expect(problems.kinds().map((k) => [k, problems.shown(k)])).toEqual([]);
    expect(counters.get("number:next")).toBeGreaterThan(5);
  });

  test("a broken contract is reported: a listed command refused, an unlisted one accepted, a match that never ends, a replay that diverges", () => {
    // Lists a lock of 0, which apply refuses.
    const listsJunk = leaky({ legalCommands: (state, seat) => [...dialDuel.legalCommands(state, seat), ...(state.phase === "lock" && dialDuel.awaiting(state).includes(seat) ? [{ type: "lock" as const, number: 0 }] : [])] });
    expect(runKit({ ...spec(listsJunk), cases: CASES.slice(0, 2), legal: { sample: 10 } }).problems.list("listed").length).toBeGreaterThan(0);
    // Leaves a lock of 4 out of the list, which apply accepts.
    const hidesOne = leaky({ legalCommands: (state, seat) => dialDuel.legalCommands(state, seat).filter((c) => !(c.type === "lock" && c.number === 4)) });
    const probes = (): Probe[] => [{ seat: "p1", command: { type: "lock", number: 4 } }, { seat: "p2", command: { type: "lock", number: 4 } }];
    expect(runKit({ ...spec(hidesOne), cases: CASES.slice(0, 2), legal: { probes } }).problems.list("unlisted").length).toBeGreaterThan(0);
    const endless = leaky({ result: () => null });
    expect(runKit({ ...spec(endless), cases: CASES.slice(0, 1) }).problems.list("termination")).toHaveLength(1);
    // A ruleset whose rolls depend on something outside the log (here a shared random stream).
    const outside = new Random(rngStateFromSeed("outside", "test"));
    const drifting = leaky({ setup: (setup, seed) => dialDuel.setup(setup, `${seed}:${outside.int(1, 2)}`) });
    expect(runKit({ ...spec(drifting), cases: CASES.slice(0, 6) }).problems.list("replay").length).toBeGreaterThan(0);
  });

  test("a leak to one viewer alone is caught (the spectator), and a salt in an event is caught by its mention", () => {
    const toSpectator = leaky({ viewFor: (state, viewer) => ({ ...dialDuel.viewFor(state, viewer), peek: viewer.kind === "spectator" ? SEATS.map((s) => hiddenNumber(state, s)) : null }) as DialView });
    const found = runKit({ ...spec(toSpectator), cases: CASES.slice(0, 4) }).problems.list("number");
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((p) => p.includes("viewer spectator"))).toBe(true);
    const saltInEvent = leaky({ apply: (state, command, seat) => {
      const r = dialDuel.apply(state, command, seat);
      const salt = r.ok && command.type === "lock" ? r.state.dials[seat]?.secret.value.salt : undefined;
      return r.ok && salt ? { ...r, events: [...r.events, { audience: { kind: "everyone" }, event: { type: "starter_chosen", round: 0, chooser: salt, starter: seat } }] } : r;
    } });
    expect(runKit({ ...spec(saltInEvent), cases: CASES.slice(0, 4) }).problems.list("number").some((p) => /an event shows number/.test(p))).toBe(true);
  });

  test("refusals that are not the ruleset's fixed sentences, a client-side listing that differs, and leaking verdicts are reported", () => {
    const errors = { wrong_phase: { message: "Not now.", rule: "dial-duel 2" } };
    expect(runKit({ ...spec(dialDuel), cases: CASES.slice(0, 2), errors }).problems.list("errors").length).toBeGreaterThan(0);
    const lists = (fromView: DialRuleset["legalCommandsInView"]) => runKit({ ...spec(leaky({ legalCommandsInView: fromView })), cases: CASES.slice(0, 2), inView: 1 }).problems.list("in-view");
    expect(lists(legalInView)).toEqual([]);
    expect(lists((view, seat) => legalInView(view, seat).slice(1)).length).toBeGreaterThan(0);
    // A verdict (the cheap stand-in for apply) that depends on the opponent's number.
    const verdicts = (state: DialDuelState, seat: SeatId, commands: readonly unknown[]) =>
      commands.map(() => (state.seats.includes(seat) ? String(hiddenNumber(state, otherSeat(state, seat))) : null));
    expect(runKit({ ...spec(dialDuel), cases: CASES.slice(0, 4), verdicts }).problems.list("number").some((p) => / answered \d vs \d/.test(p))).toBe(true);
  });

  test("the awaited seats and the pending decision after a command are compared as the events are (the command played next, other choices, probes): a decision that names a hidden number is caught by those channels alone", () => {
    const asks = leaky({
      pending: (state) => {
        const hidden = SEATS.map((s) => hiddenNumber(state, s));
        return state.pending ?? (state.phase === "lock" && hidden.some((n) => n !== null) ? { seat: SEATS[0]!, kind: "choose_starter", rule: "dial-duel 6", options: { seats: hidden.map(String) } } : null);
      },
    });
    const outcomesOnly = SEATS.map((s) => ({ ...numberOf(s), every: { view: 0, awaiting: 0, legal: 0, mentions: 0 } }));
    const run = (ruleset: DialRuleset) => runKit({ ...spec(ruleset), cases: CASES.slice(0, 4), secrets: outcomesOnly }).problems.list("number");
    expect(run(asks).some((p) => /the pending decision after depends on it/.test(p))).toBe(true);
    expect(run(dialDuel)).toEqual([]);
  });

  test("a secret compared on the events received ignores events its viewers do not receive, and still catches one they do", () => {
    // After a lock of 4 or more, a note only the locking seat sees: how many hidden events an entry
    // holds depends on the number, but nobody else receives any of them.
    const note = (leakTo: "seat" | "everyone"): DialRuleset =>
      leaky({ apply: (state, command, seat) => {
        const r = dialDuel.apply(state, command, seat);
        if (!r.ok || command.type !== "lock" || command.number < 4) return r;
        const audience = leakTo === "seat" ? ({ kind: "seats", seats: [seat] } as const) : ({ kind: "everyone" } as const);
        return { ...r, events: [...r.events, { audience, event: { type: "starter_chosen", round: 0, chooser: seat, starter: seat } }] };
      } });
    const run = (ruleset: DialRuleset, received: boolean) => runKit({ ...spec(ruleset), cases: CASES.slice(0, 6), secrets: SEATS.map((s) => ({ ...numberOf(s), received })) }).problems.list("number");
    expect(run(note("seat"), false).some((p) => /the events differ/.test(p))).toBe(true);
    expect(run(note("seat"), true)).toEqual([]);
    expect(run(note("everyone"), true).some((p) => /the events differ/.test(p))).toBe(true);
  });
});
