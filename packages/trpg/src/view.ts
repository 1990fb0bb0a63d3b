/**
 * What each viewer may know of a TRPG match (design.md principle 4; seed 002 3-3, 3-4).
 * Secrets while a match runs:
 * - a concealed character's square, concealment value and overwatch: its own side (and the game
 *   master) only; the other side and spectators see that it is concealed and where it was last
 *   seen, if they know of it at all;
 * - a character the other side has never seen (the game master's ambush): its own side only; for
 *   everyone else it is not in the match (no entry, no initiative, no waiting turn);
 * - who does not know of whom (`unaware`, +2 to hit): the side of the one not known about;
 *   reactive attempts made (`reactive`): the concealed character's side;
 * - in GM mode, an enemy's stat block (archetype, weapon, items, wounds) until a check reveals it;
 * - the dice streams and the seed: nobody (the seed is shown once the match is over); the work
 *   queue (`tasks`): the server's.
 * The game master's seat sees everything but the dice.
 */
import { clonePlain, omniscient, redactEvent, spectator, type EventEnvelope, type Viewer } from "@fogwar/engine";
import type { Board } from "./board";
import { freshTurn } from "./check";
import type { CharacterState, Side, TrpgEvent, TrpgState } from "./types";

/** A viewer's projection: the board less what it may not know, plus the seed once the match is over. */
export type TrpgView = Board & { readonly seed?: string };

/** Whose knowledge a viewer has: a side, everything (`all`: the game master, omniscient), or the public's (null). */
export function viewerSide(state: Pick<TrpgState, "seats" | "mode">, viewer: Viewer): Side | "all" | null {
  switch (viewer.kind) {
    case "omniscient":
      return "all";
    case "team":
      return viewer.team === "party" || viewer.team === "enemies" ? viewer.team : null;
    case "spectator":
      return null;
    case "seat":
      if (state.seats.party.includes(viewer.seat)) return "party";
      if (state.seats.enemies.includes(viewer.seat)) return state.mode === "gm" ? "all" : "enemies";
      return null;
  }
}

/** Whether the party may not see an enemy's stat block (GM mode, seed 002 3-4). */
export const statsHidden = (s: Pick<TrpgState, "mode" | "revealedStats">, c: CharacterState): boolean => s.mode === "gm" && c.side === "enemies" && !s.revealedStats.includes(c.id);

/**
 * A character as someone outside its side sees it (the same object when nothing is hidden): a
 * concealed one without its square, value and overwatch, and as that side last saw it (`server.seenAs`:
 * wounds, status, items ... as they were when it stopped seeing it; docs/rules/trpg.md "Presence").
 */
function outsider(s: TrpgState, c: CharacterState): CharacterState {
  const hideStats = statsHidden(s, c);
  if (!c.concealed && !hideStats) return c;
  const out: CharacterState = { ...c };
  if (c.concealed) Object.assign(out, s.server.seenAs[c.id] ?? {}, { at: null, concealment: null, overwatch: null });
  if (hideStats) {
    Object.assign(out, { archetype: null, weapon: null, slots: {}, wounds: -1 });
    if (out.overwatch) out.overwatch = { ...out.overwatch, weapon: "" };
  }
  return out;
}

/**
 * The projection for everyone on `side` (null: the public), characters shown by `shown(c)`
 * (their own side, or redacted by {@link outsider}, or left out).
 */
function project(state: TrpgState, side: Side | null, mask: (c: CharacterState) => CharacterState | null): TrpgView {
  const { server, tasks: _tasks, gmChecks: _gmChecks, ...open } = state;
  const characters: Record<string, CharacterState> = {};
  for (const id of Object.keys(state.characters)) {
    const shown = mask(state.characters[id]!);
    if (shown) characters[id] = shown;
  }
  const present = (id: string) => characters[id] !== undefined;
  const order = state.order.filter(present);
  const mine = (id: string | undefined) => side !== null && characters[id ?? ""]?.side === side;
  return {
    ...open,
    characters,
    order,
    initiative: Object.fromEntries(order.map((id) => [id, state.initiative[id]!])),
    slot: state.order.slice(0, state.slot).filter(present).length,
    // The turn of a concealed character of the other side: whose it is (the order is public), not what it did (its AP, moves, uses).
    turn: state.turn && present(state.turn.actor) ? (state.characters[state.turn.actor]!.concealed && !mine(state.turn.actor) ? freshTurn(state.turn.actor, state.turn.delayed) : state.turn) : null,
    deferred: state.deferred.filter(present),
    // A decision about a character the viewer does not know of is not shown (the rules ask none: docs/rules/trpg.md "Presence").
    pending: state.pending && Object.values(state.pending).some((v) => typeof v === "string" && state.characters[v] !== undefined && !present(v)) ? null : state.pending,
    unaware: state.unaware.filter((pair) => mine(pair.split(">")[1])),
    // A pair tells its concealed character's side that the observer came near: only for an observer it can see.
    reactive: state.reactive.filter((pair) => {
      const [o, c] = pair.split(">") as [string, string];
      return mine(c) && characters[o]?.at != null;
    }),
    ...(state.phase === "over" ? { seed: server.seed } : {}),
  };
}

/**
 * {@link viewFor} without the copy (the engine's `sharedViewFor`): what the viewer sees unchanged
 * is `state`'s own objects. Read-only.
 */
export function sharedViewFor(state: TrpgState, viewer: Viewer): TrpgView {
  const side = viewerSide(state, viewer);
  if (side === "all") {
    const { server, tasks: _tasks, ...open } = state;
    return { ...open, ...(state.phase === "over" ? { seed: server.seed } : {}) };
  }
  return project(state, side, (c) => (c.side === side ? c : c.known ? outsider(state, c) : null));
}

/** The single definition of what `viewer` may know of `state` (a copy the caller may change). */
export function viewFor(state: TrpgState, viewer: Viewer): TrpgView {
  return clonePlain(sharedViewFor(state, viewer));
}

/** What `viewer` sees of an event envelope: side audiences name their seats (and the game master). */
export function redact(envelope: EventEnvelope<TrpgEvent>, viewer: Viewer): TrpgEvent | null {
  return redactEvent(envelope, viewer);
}

/**
 * The caster feed of a match with a spectator delay: the omniscient view of the `delayed` state,
 * less what is still secret in the `live` match (a character concealed or unknown live keeps its
 * secrets in the past too: a concealed character only steps, so an old square would tell where it
 * is; an enemy's stat block until revealed live; who does not know of whom). Everything once the
 * live match is over. Read-only (it shares the delayed state's objects).
 */
export function casterViewFor(delayed: TrpgState, live: TrpgState): TrpgView {
  if (live.phase === "over") return sharedViewFor(delayed, omniscient);
  const masked = { ...delayed, revealedStats: live.revealedStats };
  return project(masked, null, (c) => {
    const now = live.characters[c.id];
    if (!now || !now.known) return null;
    return outsider(masked, now.concealed && !c.concealed ? { ...c, concealed: true } : c);
  });
}

/** The character ids an event names. */
function mentioned(event: TrpgEvent, live: TrpgState): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === "string") {
      if (live.characters[v]) out.push(v);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") Object.values(v).forEach(walk);
  };
  walk(event);
  return out;
}

/**
 * A delayed entry's event on the caster feed, by the rule of {@link casterViewFor}: the full event
 * when every character it names is known, seen and (GM mode) has its stat block revealed in the
 * live match; otherwise what spectators saw.
 */
export function casterRedact(envelope: EventEnvelope<TrpgEvent>, live: TrpgState): TrpgEvent | null {
  const full = redactEvent(envelope, omniscient);
  if (live.phase === "over" || envelope.audience.kind === "everyone" || !full) return full;
  const open = mentioned(full, live).every((id) => {
    const c = live.characters[id]!;
    return c.known && !c.concealed && !statsHidden(live, c);
  });
  return open ? full : redactEvent(envelope, spectator);
}
