/**
 * The ruleset's secrets for the engine kit (`@fogwar/engine/testing`), each declared by how it can
 * change within the rules, with who may know it (written from the rules, not from the code):
 * - the dice seed and RNG state: nobody until the end (design.md principle 8);
 * - a seat's army list before both are locked: that seat (project core rule C2);
 * - a seat's units in reserve until each is set up: that seat (seed 003 24.1);
 * - a seat's hand of battle-tactic cards: that seat (project core rule C10);
 * - the order of every deck: nobody, the server alone (project core rule C10).
 */
import { rngStateFromSeed, type SeatId, type Viewer } from "@fogwar/engine";
import type { KitSpec, Probe, Secret, StepContext } from "@fogwar/engine/testing";
import { catalog, sigmar, sigmarBotPolicy, ERRORS, type SigmarCommand, type SigmarEvent, type SigmarSetup, type SigmarState, type SigmarView } from "../src";

export type SigmarSecret = Secret<SigmarSetup, SigmarState, SigmarCommand, SigmarEvent, SigmarView>;
export type SigmarStep = StepContext<SigmarSetup, SigmarState, SigmarCommand, SigmarEvent, SigmarView>;
export type SigmarSpec = KitSpec<SigmarSetup, SigmarState, SigmarCommand, SigmarEvent, SigmarView>;

/** Whether `viewer` may know what `seat` keeps secret: the seat itself and omniscient viewers. */
export const own = (viewer: Viewer, seat: SeatId): boolean => viewer.kind === "omniscient" || (viewer.kind === "seat" && viewer.seat === seat);

const over = (s: SigmarState) => s.phase === "finished";

/** The dice seed and RNG state: nobody may know them until the end. */
export const diceSecret: SigmarSecret = {
  name: "dice",
  entitled: () => false,
  vary: (s, ctx) => (over(s) ? [] : [{ ...s, secret: { ...s.secret, seed: `other-${ctx.case.seed}`, rng: { dice: rngStateFromSeed(`other-${ctx.case.seed}`, "dice"), decks: rngStateFromSeed(`other-${ctx.case.seed}`, "decks") } } }]),
  every: { probes: 0, next: 0, choices: 0, mentions: 0 },
};

/** Another sample list of the same faction as `list`, or of the other faction. */
const otherList = (name: string) => catalog.armies.find((a) => a.name !== name)!;

/** `hider`'s locked list before both are locked. */
export const listSecret = (hider: SeatId): SigmarSecret => ({
  name: "list",
  entitled: (_s, v) => own(v, hider),
  vary: (s) => {
    const list = s.muster.seats[hider]?.list;
    if (s.phase !== "muster" || !list) return [];
    const v = structuredClone(s);
    v.muster.seats[hider]!.list = otherList(list.name);
    return [v];
  },
  probes: (ctx, seat) => [
    { seat, command: { type: "lock_army", army: { ...catalog.armies[0]!, units: [] } }, refuse: true },
    { seat, command: { type: "unlock_army" } },
    { seat, command: { type: "deploy", unit: `${hider}-u1`, models: [{ x: 100, y: 100 }] }, refuse: true },
    ...(ctx.state.muster.seats[seat]?.commitment === null ? catalog.armies.slice(0, 2).map((army) => ({ seat, command: { type: "lock_army", army } })) : []),
  ],
  revealedBy: (events) => events.some((e) => e.event.type === "armies_revealed"),
  choices: (s, seat, command) => (seat === hider && command.type === "lock_army" && s.phase === "muster" ? [{ ...command, army: otherList(command.army.name) }] : []),
  maskKeys: ["commitment"],
});

const reserveIds = (s: SigmarState, hider: SeatId) => Object.values(s.units).filter((u) => u.owner === hider && u.where === "reserve").map((u) => u.id);

/** Another warscroll of the unit's faction for a reserve unit (the next in the faction's list). */
function otherWarscroll(id: string): string {
  const w = catalog.warscrolls.get(id)!;
  const all = catalog.factions.get(w.faction)!.warscrolls.map((x) => x.id);
  return all[(all.indexOf(id) + 1) % all.length]!;
}

/** `hider`'s units in reserve, until each is set up (or destroyed at the start of round 4). */
export const reserveSecret = (hider: SeatId): SigmarSecret => ({
  name: "reserves",
  entitled: (_s, v) => own(v, hider),
  vary: (s) => {
    const ids = reserveIds(s, hider);
    if (over(s) || ids.length === 0) return [];
    const v = structuredClone(s);
    const list = v.muster.seats[hider]!.list!;
    for (const id of ids) {
      const u = v.units[id]!;
      const next = otherWarscroll(u.warscroll);
      const entry = list.units.find((e) => e.reserve && e.warscroll === u.warscroll);
      if (entry) entry.warscroll = next;
      u.warscroll = next;
      u.size = catalog.warscrolls.get(next)!.models;
      delete u.enhancement;
    }
    return [v];
  },
  probes: (ctx, seat) => {
    const out: Probe[] = [];
    const mine = Object.values(ctx.state.units).filter((u) => u.owner === seat && u.where === "field");
    for (const id of reserveIds(ctx.state, hider)) {
      for (const u of mine.slice(0, 2)) {
        out.push({ seat, command: { type: "shoot", unit: u.id, target: id }, refuse: true });
        out.push({ seat, command: { type: "charge", unit: u.id, target: id }, refuse: true });
        out.push({ seat, command: { type: "fight", unit: u.id, target: id }, refuse: true });
      }
      out.push({ seat, command: { type: "play_card", card: "pinning_volley", targets: [id] }, refuse: true });
      out.push({ seat, command: { type: "set_up", unit: id, models: [{ x: 300, y: 300 }] }, refuse: true });
      out.push({ seat, command: { type: "move", unit: id, models: [] }, refuse: true });
    }
    return out;
  },
  revealedBy: (events, after) => over(after) || events.some((e) => e.event.type === "reserves_destroyed" || (e.event.type === "set_up" && e.event.unit.startsWith(`${hider}-r`))),
  mentions: (s) => {
    if (over(s)) return [];
    // A warscroll named elsewhere (a unit not in reserve, the other seat's own list) may be named legitimately.
    const shown = new Set([...Object.values(s.units).filter((u) => u.where !== "reserve" || u.owner !== hider).map((u) => u.warscroll), ...s.seats.filter((x) => x !== hider).flatMap((x) => s.muster.seats[x]?.list?.units.map((u) => u.warscroll) ?? [])]);
    return reserveIds(s, hider).map((id) => s.units[id]!.warscroll).filter((w) => !shown.has(w)).map((w) => `"${w}"`);
  },
  maskKeys: ["commitment"],
  // The hider's own set-up reveals the unit (its positions fit only the real unit): compared through probes and views instead.
  every: { next: 0, choices: 0 },
});

/** `hider`'s hand of battle-tactic cards: another hand (a card swapped with one from the deck). */
export const handSecret = (hider: SeatId): SigmarSecret => ({
  name: "hand",
  entitled: (_s, v) => own(v, hider),
  vary: (s) => {
    const hand = s.hands[hider] ?? [];
    const deck = s.secret.decks[hider] ?? [];
    const swap = deck.findIndex((c) => !hand.includes(c));
    if (over(s) || hand.length === 0 || swap < 0) return [];
    const v = structuredClone(s);
    const i = hand.length - 1;
    [v.hands[hider]![i], v.secret.decks[hider]![swap]] = [deck[swap]!, hand[i]!];
    return [v];
  },
  probes: (ctx, seat) => (ctx.state.hands[hider] ?? []).map((card) => ({ seat, command: { type: "play_card", card, targets: [Object.keys(ctx.state.units)[0] ?? "x"] } })),
  revealedBy: (events, after) => over(after) || events.some((e) => e.event.type === "card_played" && e.event.seat === hider),
  // The next command may be the hider playing the very card swapped out: it is not in the variant's hand.
  every: { next: 0, choices: 0, mentions: 0 },
});

/** The order of every deck: nobody knows it; a draw shows the drawn cards to their player only. */
export const deckSecret: SigmarSecret = {
  name: "deck",
  entitled: () => false,
  vary: (s) => {
    if (over(s) || Object.values(s.secret.decks).every((d) => d.length < 2)) return [];
    const v = structuredClone(s);
    for (const seat of s.seats) v.secret.decks[seat] = [...v.secret.decks[seat]!].reverse();
    return [v];
  },
  revealedBy: (events, after) => over(after) || events.some((e) => e.event.type === "cards_drawn"),
  every: { probes: 0, choices: 0, mentions: 0 },
};

/** The kit's specification for a number of seeded bot matches (mustered in the match: the lists are secret). */
export function kitSpec(count: number, options: { every?: number; prefix?: string } = {}): SigmarSpec {
  const every = options.every ?? 1;
  const thin = <T extends SigmarSecret>(s: T): T => ({ ...s, every: Object.fromEntries(["view", "awaiting", "legal", "probes", "next", "choices", "mentions"].map((c) => [c, (s.every as Record<string, number> | undefined)?.[c] === 0 ? 0 : every])) });
  return {
    ruleset: sigmar,
    cases: Array.from({ length: count }, (_, i) => ({ seed: `${options.prefix ?? "kit"}-${i}`, botSeed: `bot-${i}`, setup: { seats: i % 2 ? ["p2", "p1"] : ["p1", "p2"] } as SigmarSetup })),
    policy: sigmarBotPolicy,
    maxCommands: 4000,
    errors: ERRORS,
    secrets: [diceSecret, deckSecret, ...["p1", "p2"].flatMap((seat) => [listSecret(seat), reserveSecret(seat), handSecret(seat)])].map(thin),
    legal: { every, sample: 2, templates: 2, fillings: 2 },
    inView: every,
    replay: { determinismEvery: 8 },
  };
}
