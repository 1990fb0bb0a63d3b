/**
 * The TRPG's secrets for the engine kit (`@fogwar/engine/testing`), seed 002 3-3 and 3-4: where a
 * concealed character is and its concealment value (its side's), whether an unseen character is
 * there at all (its side's), who does not know of whom (the unknown one's side), and in GM mode an
 * enemy's stat block (the master's). Each is declared by how it changes within the rules.
 */
import type { Viewer } from "@fogwar/engine";
import type { Probe, Secret, StepContext } from "@fogwar/engine/testing";
import { board, geometry, trpg, viewerSide, type CharacterState, type Side, type TrpgCommand, type TrpgEvent, type TrpgSetup, type TrpgState, type TrpgView } from "../src";

type TrpgSecret = Secret<TrpgSetup, TrpgState, TrpgCommand, TrpgEvent, TrpgView>;
type Step = StepContext<TrpgSetup, TrpgState, TrpgCommand, TrpgEvent, TrpgView>;

/** Whether `viewer` knows what `side` knows (its own side, the game master, omniscient viewers). */
export const knowsSide = (s: TrpgState, viewer: Viewer, side: Side): boolean => {
  const v = viewerSide(s, viewer);
  return v === "all" || v === side;
};

const byId = (a: CharacterState, b: CharacterState) => (a.id < b.id ? -1 : 1);
const concealedOf = (s: TrpgState, side?: Side) => Object.values(s.characters).filter((c) => c.concealed && c.status !== "dead" && (!side || c.side === side)).sort(byId);

/** Events after which a concealed character's secrets may show: it was found, fired unseen, bumped into, or the match ended. */
export const revealing = (events: readonly { event: TrpgEvent }[]): boolean =>
  events.some((e) => ["revealed", "unseen_attacker", "contact", "match_ended"].includes(e.event.type));

/** A free square next to `c` (or none) where it could as well have stepped to. */
function elsewhere(s: TrpgState, c: CharacterState): { x: number; y: number } | null {
  const map = board.mapOf(s);
  for (const d of geometry.DIRECTIONS) {
    const p = { x: c.at!.x + d.x, y: c.at!.y + d.y };
    if (!geometry.passable(map, p)) continue;
    if (Object.values(s.characters).some((o) => o.status !== "dead" && o.at && o.at.x === p.x && o.at.y === p.y)) continue;
    return p;
  }
  return null;
}

/** Commands of a seat worth probing: a sample of its legal ones, and refusals aimed at the concealed characters' squares. */
export function probesAt(ctx: Step, seat: string, variant: TrpgState, side: Side): Probe[] {
  const legal = ctx.legal(seat);
  const sample = legal.length <= 24 ? legal : [...legal.slice(0, 8), ...legal.slice(-8), ...Array.from({ length: 8 }, () => ctx.rng.pick(legal))];
  const out: TrpgCommand[] = [...sample];
  for (const st of [ctx.state, variant]) {
    for (const c of concealedOf(st, side)) {
      if (!c.at) continue;
      out.push({ type: "move", to: c.at }, { type: "step", to: c.at }, { type: "sprint", to: c.at }, { type: "suppress", at: c.at });
      out.push({ type: "shoot", targets: [c.id], burst: false, called: false }, { type: "melee", target: c.id, called: false }, { type: "snapshot", target: c.id, called: false }, { type: "delay", after: c.id });
    }
  }
  return out.map((command) => ({ seat, command, views: true }));
}

/** The seats a secret of `side` is kept from. */
const otherSeats = (s: TrpgState, side: Side): string[] => (side === "party" ? [...(s.mode === "versus" ? s.seats.enemies : [])] : [...s.seats.party]);

/**
 * Where each concealed character of `side` is, and its concealment value: moving it to a free
 * square next to it and raising its value by one (seed 002 3-3).
 */
export const concealedSquares = (side: Side): TrpgSecret => ({
  name: `${side} concealment`,
  entitled: (s, v) => knowsSide(s, v, side),
  vary: (s) => {
    const hidden = concealedOf(s, side).filter((c) => c.at && !s.tasks.some((t) => JSON.stringify(t).includes(`"${c.id}"`)));
    if (hidden.length === 0 || s.turn?.actor === hidden[0]!.id) return [];
    const variant = structuredClone(s);
    let changed = false;
    for (const c of hidden) {
      const to = elsewhere(s, c);
      const v = variant.characters[c.id]!;
      v.concealment = { ...v.concealment!, value: v.concealment!.value + 1 };
      if (to) v.at = to;
      changed = true;
    }
    return changed ? [variant] : [];
  },
  probes: (ctx, seat, variant) => (otherSeats(ctx.state, side).includes(seat) ? probesAt(ctx, seat, variant, side) : []),
  revealedBy: (events) => revealing(events),
  every: { next: 0, choices: 0, mentions: 0, probes: 2 },
  received: true,
});

/**
 * Whether an unseen character is there at all (docs/rules/trpg.md "Presence"): the same state
 * without each character the other side has never seen; and no view (its `pending` decision
 * included) or event the other side receives names one.
 */
export const presence = (side: Side): TrpgSecret => ({
  name: `${side} presence`,
  entitled: (s, v) => knowsSide(s, v, side),
  vary: (s) => {
    const unknown = Object.values(s.characters).filter((c) => c.side === side && !c.known && c.status !== "dead");
    if (unknown.length === 0) return [];
    const ids = new Set(unknown.map((c) => c.id));
    const mentions = (x: unknown) => [...ids].some((id) => JSON.stringify(x ?? null).includes(`"${id}"`));
    if (mentions(s.tasks) || mentions(s.pending) || (s.turn && ids.has(s.turn.actor))) return [];
    const variant = structuredClone(s);
    for (const id of ids) {
      delete variant.characters[id];
      delete variant.initiative[id];
    }
    variant.slot = s.order.slice(0, s.slot).filter((id) => !ids.has(id)).length;
    variant.order = s.order.filter((id) => !ids.has(id));
    variant.deferred = s.deferred.filter((id) => !ids.has(id));
    variant.unaware = s.unaware.filter((p) => !p.split(">").some((id) => ids.has(id)));
    variant.reactive = s.reactive.filter((p) => !p.split(">").some((id) => ids.has(id)));
    return [variant];
  },
  probes: (ctx, seat, variant) => (otherSeats(ctx.state, side).includes(seat) ? probesAt(ctx, seat, variant, side) : []),
  revealedBy: (events) => revealing(events),
  // No view (its `pending` included) or event of the other side names an unseen character in any role.
  mentions: (s) =>
    Object.values(s.characters)
      .filter((c) => c.side === side && !c.known)
      .flatMap((c) => NAMING_KEYS.map((key) => `"${key}":"${c.id}"`)),
  every: { next: 0, choices: 0, probes: 2 },
  received: true,
});

/** The keys under which views, events and decisions name a character. */
const NAMING_KEYS = ["id", "character", "by", "target", "actor", "attacker", "overwatcher", "shooter", "observer", "hidden", "mover", "after"] as const;

/** Who does not know of whom (seed 002 3-3, +2 to hit): a further pair `target>attacker` of an attacker of `side`. */
export const awareness = (side: Side): TrpgSecret => ({
  name: `${side} awareness`,
  entitled: (s, v) => knowsSide(s, v, side),
  vary: (s) => {
    const attackers = Object.values(s.characters).filter((c) => c.side === side && c.status !== "dead").sort(byId);
    const targets = Object.values(s.characters).filter((c) => c.side !== side && c.status !== "dead").sort(byId);
    for (const a of attackers) {
      for (const t of targets) {
        const pair = `${t.id}>${a.id}`;
        if (s.unaware.includes(pair)) continue;
        const variant = structuredClone(s);
        variant.unaware.push(pair);
        return [variant];
      }
    }
    return [];
  },
  revealedBy: (events) => revealing(events) || events.some((e) => e.event.type === "attack" || e.event.type === "shove" || e.event.type === "surprise_over"),
  every: { next: 0, choices: 0, mentions: 0, probes: 0 },
  received: true,
});

/**
 * GM mode (seed 002 3-4): what a viewer that is not the master's may see of an enemy no check has
 * revealed: no archetype, weapon, items or wounds in the view; in the rolls it makes or suffers no
 * weapon of its own, no target number that reads its stat block (its shots and blows, melee at
 * it, its dodges, penetration and shoves either way) and no modifier that comes from it (its
 * equipment and heavy weapon, its evasion); nor the wounds it has left, the number its heals must
 * beat (its PRC), its spotting total and modifiers (COG, equipment) or its concealment value when
 * found (its COG). One text per breach.
 */
export function statBlockBreaches(ctx: Step): string[] {
  const s = ctx.state;
  if (s.mode !== "gm" || s.phase === "over") return [];
  const hidden = new Set(Object.values(s.characters).filter((c) => c.side === "enemies" && !s.revealedStats.includes(c.id)).map((c) => c.id));
  const out: string[] = [];
  for (const v of ctx.viewers) {
    if (knowsSide(s, v, "enemies")) continue;
    const view = ctx.view(v);
    for (const id of hidden) {
      const c = view.characters[id];
      if (c && (c.archetype !== null || c.weapon !== null || c.wounds !== -1 || Object.keys(c.slots).length > 0)) out.push(`${ctx.at} ${v.kind}: ${id}'s stat block shows`);
    }
    for (const e of ctx.events) {
      const seen = trpg.redact(e, v) as (TrpgEvent & { need?: unknown; weapon?: unknown; via?: string; mods?: { source: string }[]; attacker?: string; target?: string; character?: string }) | null;
      if (!seen) continue;
      const isHidden = (id: string | undefined) => id !== undefined && hidden.has(id);
      const sources = (seen.mods ?? []).map((m) => m.source);
      let reads = false;
      let leaked: string[] = [];
      if (seen.type === "attack") {
        if (isHidden(seen.attacker) && seen.weapon !== null) out.push(`${ctx.at} ${v.kind}: an attack names ${seen.attacker}'s weapon`);
        reads = isHidden(seen.attacker) || (seen.via === "melee" && isHidden(seen.target));
        leaked = sources.filter((m) => (isHidden(seen.attacker) && (m === "equipment" || m === "unbraced")) || (isHidden(seen.target) && m === "evasion"));
      } else if (seen.type === "dodge") {
        reads = isHidden(seen.character);
        leaked = sources.filter((m) => reads && m === "equipment");
      } else if (seen.type === "penetration" || seen.type === "shove") {
        reads = isHidden(seen.attacker) || isHidden(seen.target);
      } else if (seen.type === "damaged") {
        if (isHidden(seen.character) && seen.wounds !== null) out.push(`${ctx.at} ${v.kind}: damage to ${seen.character} shows the wounds it has left`);
      } else if (seen.type === "healed" || seen.type === "stabilised") {
        reads = isHidden(seen.by);
      } else if (seen.type === "spotting" || seen.type === "reactive_spot") {
        // The spotting total reads the observer's COG and equipment, a concealment value the concealed one's (seed 002 3-3).
        const checks = seen.type === "spotting" ? (seen.checks ?? []) : seen.concealment ? [{ character: seen.target, total: seen.total ?? null, concealment: seen.concealment }] : [];
        if (isHidden(seen.observer) && ((seen.total ?? null) !== null || checks.some((k) => k.total !== null))) out.push(`${ctx.at} ${v.kind}: a ${seen.type} roll shows ${seen.observer}'s total`);
        for (const m of sources) if (isHidden(seen.observer) && !m.startsWith("cover_")) out.push(`${ctx.at} ${v.kind}: a ${seen.type} roll shows the hidden stat block's ${m} modifier`);
        for (const k of checks) if (isHidden(k.character) && (k.concealment.value !== null || k.concealment.need !== null)) out.push(`${ctx.at} ${v.kind}: a ${seen.type} roll shows ${k.character}'s concealment value`);
        if (seen.type === "reactive_spot" && isHidden(seen.target) && (seen.need ?? null) !== null) out.push(`${ctx.at} ${v.kind}: a reactive_spot roll shows ${seen.target}'s concealment value`);
      }
      if (reads && seen.need !== null) out.push(`${ctx.at} ${v.kind}: a ${seen.type} roll shows a target number that reads a hidden stat block`);
      for (const m of leaked) out.push(`${ctx.at} ${v.kind}: a ${seen.type} roll shows the hidden stat block's ${m} modifier`);
    }
  }
  return out;
}

/** The dice seed: no viewer receives it before the match is over. */
export const diceSeed: TrpgSecret = {
  name: "dice seed",
  entitled: (s) => s.phase === "over",
  vary: () => [],
  mentions: (s) => (s.phase === "over" ? [] : [s.server.seed]),
  every: { view: 0, awaiting: 0, legal: 0, probes: 0, next: 0, choices: 0 },
};

