/**
 * Siege's secrets for the engine kit (`@fogwar/engine/testing`), seed 004 "비밀 오퍼레이터" and
 * "팀 준비": which of a hidden operator's two tokens is real (the defence's), and each team's pick
 * until both are revealed (that team's). Each is declared by how it changes within the rules.
 */
import { canonicalJson, type Viewer } from "@fogwar/engine";
import type { KitSpec, Probe, Secret } from "@fogwar/engine/testing";
import { board, check, siege, viewerTeam, type PickChoice, type SiegeCommand, type SiegeEvent, type SiegeSetup, type SiegeState, type SiegeView } from "../src";
import { SETUP_1V1, swapReal } from "./helpers";

type SiegeSecret = Secret<SiegeSetup, SiegeState, SiegeCommand, SiegeEvent, SiegeView>;
type Team = "attack" | "defence";

/** Viewers that must not know which token is real: the attack's seats and team viewer, spectators. */
export const blind = (s: SiegeState, v: Viewer): boolean =>
  v.kind === "spectator" || (v.kind === "team" && v.team === "attack") || (v.kind === "seat" && s.teams.attack.includes(v.seat));

/** Attack commands worth probing: every legal one, refusals aimed at tokens and their spaces, and every decision's answers. */
function tokenProbes(s: SiegeState, seat: string, legal: readonly SiegeCommand[]): Probe[] {
  const out: SiegeCommand[] = [...legal];
  const attacker = Object.values(s.operators).find((o) => o.team === "attack" && !o.dead)?.id ?? "auger";
  for (const t of s.tokens) {
    out.push({ type: "shoot", operator: attacker, target: t.operator });
    out.push({ type: "step", operator: attacker, to: t.at });
    out.push({ type: "gadget", operator: attacker, gadget: "frag_grenade", at: t.at });
    out.push({ type: "breach", operator: attacker, target: t.id });
    out.push({ type: "react", operator: t.operator });
  }
  // The answers to every decision the attack may be asked (seed 004 "사격 교환": the holder fires back or not).
  out.push({ type: "hold" }, { type: "keep" }, { type: "contest", fight: true }, { type: "return_fire", fire: true }, { type: "return_fire", fire: false });
  return out.map((command) => ({ seat, command }));
}

/** Which token of each hidden operator is real: swapping every real token with its decoy. */
export const realTokens: SiegeSecret = {
  name: "real token",
  entitled: (s, v) => !blind(s, v),
  vary: (s) => (Object.keys(s.hidden.real).length > 0 ? [swapReal(s)] : []),
  probes: (ctx, seat) => tokenProbes(ctx.state, seat, ctx.legal(seat)),
  // A revealed operator keeps no tokens; the result shows everything.
  revealedBy: (events, after) => after.phase === "finished" || events.some((e) => e.event.type === "revealed"),
  every: { choices: 0, mentions: 0 },
};

const teamOf = (s: SiegeState, seat: string): Team | null => (s.teams.attack.includes(seat) ? "attack" : s.teams.defence.includes(seat) ? "defence" : null);

/** Every pick a team may make (from a fresh match's legal commands), computed once. */
const pickOptions = new Map<Team, PickChoice[]>();
function picksOf(team: Team): PickChoice[] {
  let known = pickOptions.get(team);
  if (!known) {
    const fresh = siege.setup(SETUP_1V1, "pick-options").state;
    const seat = fresh.teams[team][0]!;
    known = siege.legalCommands(fresh, seat).flatMap((c) => (c.type === "pick" ? [{ operators: c.operators, inventory: c.inventory }] : []));
    pickOptions.set(team, known);
  }
  return known;
}

/** Another pick of `team` than `choice` (the n-th different one). */
const otherPick = (team: Team, choice: PickChoice, n = 0): PickChoice | undefined =>
  picksOf(team).filter((p) => canonicalJson(p) !== canonicalJson(choice))[n];

/** A team's pick, locked and not yet revealed. */
export const teamPick = (team: Team): SiegeSecret => ({
  name: "pick",
  entitled: (s, v) => {
    const t = viewerTeam(s, v);
    return t === "all" || t === team;
  },
  vary: (s) => {
    const choice = s.hidden.picks[team];
    const other = choice && otherPick(team, choice);
    if (!other) return [];
    const variant = structuredClone(s);
    variant.hidden.picks[team] = other;
    return [variant];
  },
  probes: (ctx, seat) => {
    const mine = teamOf(ctx.state, seat);
    const theirs = ctx.state.hidden.picks[team];
    const picks = mine ? [theirs, ...picksOf(mine).slice(0, 2)] : [theirs];
    return [...picks.filter((p): p is PickChoice => p !== null).map((p) => ({ seat, command: { type: "pick", ...p } })), { seat, command: { type: "end_setup" } }];
  },
  revealedBy: (events) => events.some((e) => e.event.type === "picks_revealed"),
  choices: (s, seat, command) => {
    if (command.type !== "pick" || teamOf(s, seat) !== team) return [];
    const other = otherPick(team, { operators: command.operators, inventory: command.inventory }, 1);
    return other ? [{ type: "pick", ...other }] : [];
  },
  maskKeys: ["commitment"],
});

/** Probe answers without executing: `check`'s error code (null when accepted), as the ruleset's listing asks it. */
export const verdicts: KitSpec<SiegeSetup, SiegeState, SiegeCommand, SiegeEvent, SiegeView>["verdicts"] = (state, seat, commands) =>
  board.withFrozen(state, () => commands.map((c) => check(state, seat, c as SiegeCommand)));
