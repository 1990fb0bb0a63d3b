/**
 * Seed 004 "세팅": "맵 선택" (the initial state), "팀 준비" (the simultaneous secret picks, revealed
 * with their salts), "요원 배치" 1-5 (the defence's components, setup gadgets and secret tokens; the
 * attack's deployment outside).
 */
import { commit, deriveSalt, rngStateFromSeed, seedCommitment, type EventEnvelope } from "@fogwar/engine";
import { accessWatchAt, areaOf, gadgetAt, geometry, isUpper, sq } from "./board";
import { catalog, type Team } from "./data";
import { opOf, RULES, type CommandRules } from "./common";
import type { Ctx } from "./context";
import { spot } from "./reveal";
import { startRound } from "./round";
import { watchOrderProblem } from "./watch";
import { emptySpace, geoOf, inside, living, profile, tokensOf, upperHolder } from "./query";
import type { PartitionState, SiegeEvent, SiegeSetup, SiegeState } from "./types";

/**
 * Builds the initial state (seed 004 세팅 "맵 선택"): the mission's map with its partitions and its
 * components (cameras, barbed wire, reinforced access points), no operators yet; both teams pick next.
 * @throws Error on an unknown mission or a seat on both teams.
 */
export function setupMatch(setup: SiegeSetup, seed: string): { state: SiegeState; events: EventEnvelope<SiegeEvent>[] } {
  const mission = catalog.missions.get(setup.mission);
  if (!mission) throw new Error(`unknown mission "${setup.mission}"`);
  const seats = [...setup.teams.attack, ...setup.teams.defence];
  if (new Set(seats).size !== seats.length || setup.teams.attack.length === 0 || setup.teams.defence.length === 0) {
    throw new Error("each team needs at least one seat, and a seat plays for one team");
  }
  const geo = geometry(mission.map);
  const partitions: Record<string, PartitionState> = {};
  for (const [id, def] of geo.partitions) partitions[id] = { ...def.initial };
  const state: SiegeState = {
    mission: mission.id,
    map: mission.map,
    seats,
    teams: { attack: [...setup.teams.attack], defence: [...setup.teams.defence] },
    phase: "picks",
    round: 0,
    step: 0,
    activations: 0,
    activation: null,
    pending: null,
    picks: {
      attack: { commitment: null, choice: null, salt: null },
      defence: { commitment: null, choice: null, salt: null },
    },
    inventory: { attack: {}, defence: {} },
    setupGadgets: {},
    edits: 0,
    rerolls: { attack: RULES.rerollTokens, defence: RULES.rerollTokens },
    operators: {},
    tokens: [],
    partitions,
    gadgets: geo.map.components.map((c) => ({ id: c.id, kind: c.kind, team: "defence" as const, at: sq(c.at[0], c.at[1]) })),
    overlays: [],
    nextId: 1,
    result: null,
    hidden: { real: {}, picks: { attack: null, defence: null } },
    server: { seed, rng: { dice: rngStateFromSeed(seed, "dice"), tokens: rngStateFromSeed(seed, "tokens") } },
  };
  return { state, events: [{ audience: { kind: "everyone" }, event: { type: "match_started", mission: mission.id, seedCommitment: seedCommitment(seed) } }] };
}

/** The salt of a team's pick commitment (checkable once the seed is revealed). */
export const pickSalt = (seed: string, team: Team): string => deriveSalt(seed, `picks:${team}`);

/** Both teams have picked: the picks are revealed with their salts, and the operators enter play (seed 004 "팀 준비"). */
export function revealPicks(ctx: Ctx): void {
  const s = ctx.s;
  const revealed = {} as Record<Team, { operators: string[]; inventory: Record<string, number>; salt: string }>;
  for (const team of ["attack", "defence"] as const) {
    const choice = s.hidden.picks[team]!;
    const salt = pickSalt(s.server.seed, team);
    s.picks[team].choice = choice;
    s.picks[team].salt = salt;
    revealed[team] = { operators: [...choice.operators], inventory: { ...choice.inventory }, salt };
    for (const id of choice.operators) {
      s.operators[id] = {
        id,
        team,
        at: null,
        stand: null,
        hidden: team === "defence",
        watch: null,
        damage: 0,
        dead: false,
        redPing: false,
        stunned: false,
        activated: false,
        specialUses: profile(id).special.uses,
      };
    }
    for (const [g, n] of Object.entries(choice.inventory)) {
      if (catalog.gadgets.get(g)!.traits.includes("setup")) s.setupGadgets[g] = n;
      else s.inventory[team][g] = n;
    }
  }
  s.hidden.picks = { attack: null, defence: null };
  s.phase = "defence_setup";
  ctx.emit({ type: "picks_revealed", picks: revealed });
}

/** Seed 004 "팀 준비" and "요원 배치": the picks and both teams' setup. */
export const setupRules: CommandRules<"pick" | "edit_component" | "place_gadget" | "place_token" | "end_setup" | "deploy"> = {
  pick: {
    check(b, team, cmd) {
      if (b.phase !== "picks") return "wrong_phase";
      if (b.picks[team].commitment !== null) return "already_picked";
      const ops = cmd.operators;
      if (ops.length !== RULES.operatorsPerTeam) return "invalid_pick";
      for (let i = 0; i < ops.length; i++) {
        const o = catalog.operators.get(ops[i]!);
        if (!o || o.team !== team) return "invalid_pick";
        if (i > 0 && !(ops[i - 1]! < ops[i]!)) return "invalid_pick";
      }
      let total = 0;
      for (const [g, n] of Object.entries(cmd.inventory)) {
        const def = catalog.gadgets.get(g);
        if (!def || def.team !== team || !Number.isInteger(n) || n < 1 || n > RULES.maxCubesPerGadget) return "invalid_pick";
        total += n;
      }
      return total === RULES.inventoryCubes ? null : "invalid_pick";
    },
    execute(ctx, team, cmd) {
      const s = ctx.s;
      const choice = { operators: [...cmd.operators], inventory: { ...cmd.inventory } };
      const commitment = commit(choice, pickSalt(s.server.seed, team));
      s.hidden.picks[team] = choice;
      s.picks[team].commitment = commitment;
      ctx.emit({ type: "picks_locked", team, commitment });
      if (s.picks.attack.commitment && s.picks.defence.commitment) revealPicks(ctx);
    },
  },
  edit_component: {
    check(b, team, cmd) {
      if (b.phase !== "defence_setup") return "wrong_phase";
      if (team !== "defence") return "not_your_turn";
      if (b.edits >= RULES.setupEdits) return "too_many_edits";
      const geo = geoOf(b);
      const part = b.partitions[cmd.component];
      if (part) {
        if (!(part.kind === "door" || part.kind === "window") || !part.barricaded) return "unknown_component";
        if (cmd.to === null) return null;
        const dest = b.partitions[cmd.to];
        if (!dest || !(dest.kind === "door" || dest.kind === "window") || dest.barricaded) return "invalid_place";
        return null;
      }
      const g = b.gadgets.find((x) => x.id === cmd.component);
      if (!g || !geo.map.components.some((c) => c.id === g.id)) return "unknown_component";
      if (cmd.to === null) return null;
      if (!geo.spaceSet.has(cmd.to) || gadgetAt(b, cmd.to)) return "invalid_place";
      if (g.kind === "reinforced_access") return geo.accessPoints.has(cmd.to) ? null : "invalid_place";
      return inside(b, cmd.to) && emptySpace(b, cmd.to) ? null : "invalid_place";
    },
    execute(ctx, _team, cmd) {
      const s = ctx.s;
      s.edits++;
      const part = s.partitions[cmd.component];
      if (part) {
        part.barricaded = false;
        if (cmd.to) s.partitions[cmd.to]!.barricaded = true;
      } else {
        const g = s.gadgets.find((x) => x.id === cmd.component)!;
        s.gadgets = s.gadgets.filter((x) => x.id !== g.id);
        if (cmd.to) s.gadgets.push({ ...g, at: cmd.to });
      }
      ctx.emit({ type: "component_edited", component: cmd.component, to: cmd.to });
    },
  },
  place_gadget: {
    check(b, team, cmd) {
      if (b.phase !== "defence_setup") return "wrong_phase";
      if (team !== "defence") return "not_your_turn";
      if ((b.setupGadgets[cmd.gadget] ?? 0) <= 0) return "no_gadget_left";
      if (!geoOf(b).spaceSet.has(cmd.at) || !inside(b, cmd.at)) return "invalid_place";
      if (gadgetAt(b, cmd.at) || !emptySpace(b, cmd.at)) return "space_occupied";
      return null;
    },
    execute(ctx, team, cmd) {
      const s = ctx.s;
      s.setupGadgets[cmd.gadget] = s.setupGadgets[cmd.gadget]! - 1;
      const g = { id: `g${s.nextId++}`, kind: cmd.gadget, team: "defence" as const, at: cmd.at };
      s.gadgets.push(g);
      ctx.emit({ type: "gadget_placed", gadget: g });
    },
  },
  place_token: {
    check(b, team, cmd) {
      if (b.phase !== "defence_setup") return "wrong_phase";
      if (team !== "defence") return "not_your_turn";
      const op = opOf(b, cmd.operator);
      if (!op) return "unknown_operator";
      if (op.team !== "defence") return "not_your_operator";
      const placed = tokensOf(b, op.id);
      if (placed.length >= 2) return "tokens_placed";
      if (placed.length === 1 && cmd.real === (b.hidden.real[op.id] !== undefined)) return "tokens_placed";
      const geo = geoOf(b);
      if (isUpper(cmd.at)) {
        if (!geo.areas.includes(areaOf(cmd.at))) return "invalid_place";
        if (upperHolder(b, areaOf(cmd.at), "defence") !== null) return "space_occupied";
        if (!("ap" in cmd.watch) || accessWatchAt(b, cmd.watch.ap)) return "invalid_watch";
        return watchOrderProblem(b, "defence", cmd.at, { ap: cmd.watch.ap }, null);
      }
      if (!geo.spaceSet.has(cmd.at) || !inside(b, cmd.at)) return "invalid_place";
      if (!emptySpace(b, cmd.at)) return "space_occupied";
      return "facing" in cmd.watch ? null : "invalid_watch";
    },
    execute(ctx, _team, cmd) {
      const s = ctx.s;
      let id: string;
      do id = `t${ctx.tokens().int(0, 0xffffff).toString(16).padStart(6, "0")}`;
      while (s.tokens.some((t) => t.id === id));
      const token = { id, operator: cmd.operator, at: cmd.at, watch: cmd.watch };
      s.tokens.push(token);
      s.tokens.sort((a, c) => (a.id < c.id ? -1 : a.id > c.id ? 1 : 0));
      if (cmd.real) s.hidden.real[cmd.operator] = id;
      ctx.emitTo("defence", { type: "token_placed", operator: cmd.operator, token, real: cmd.real }, { type: "token_placed", operator: cmd.operator });
    },
  },
  end_setup: {
    check(b, team) {
      if (b.phase !== "defence_setup") return "wrong_phase";
      if (team !== "defence") return "not_your_turn";
      if (Object.values(b.setupGadgets).some((n) => n > 0)) return "setup_incomplete";
      return living(b, "defence").every((o) => tokensOf(b, o.id).length === 2) ? null : "setup_incomplete";
    },
    execute(ctx) {
      const s = ctx.s;
      s.phase = "attack_setup";
      ctx.emit({ type: "setup_ended", team: "defence", tokens: structuredClone(s.tokens) });
    },
  },
  deploy: {
    check(b, team, cmd) {
      if (b.phase !== "attack_setup") return "wrong_phase";
      if (team !== "attack") return "not_your_turn";
      const op = opOf(b, cmd.operator);
      if (!op) return "unknown_operator";
      if (op.team !== "attack") return "not_your_operator";
      if (op.at !== null) return "invalid_place";
      if (!geoOf(b).spaceSet.has(cmd.at) || inside(b, cmd.at)) return "invalid_place";
      return emptySpace(b, cmd.at) ? null : "space_occupied";
    },
    execute(ctx, team, cmd) {
      const s = ctx.s;
      const op = s.operators[cmd.operator]!;
      op.at = cmd.at;
      op.watch = cmd.facing ? { facing: cmd.facing } : null;
      ctx.emit({ type: "deployed", operator: op.id, at: cmd.at, facing: cmd.facing });
      spot(ctx);
      if (living(s, "attack").every((o) => o.at !== null)) {
        ctx.emit({ type: "setup_ended", team: "attack" });
        s.phase = "action";
        startRound(ctx);
      }
    },
  },
};
