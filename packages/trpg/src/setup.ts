/**
 * A match's start (seed 002 3-2 "전투 우선권 결정"): the scenario's characters on their squares,
 * the game master's ambush (characters starting concealed, unknown to the other side), and
 * initiative: d6 + COG, -3 for a surprised side, the commander's bonus.
 */
import { seedCommitment, type SeatId } from "@fogwar/engine";
import { catalog, placementProblem, type Archetype, type Placement } from "./data";
import { RULES, statsOf } from "./board";
import { Ctx } from "./context";
import { settle, startRound } from "./flow";
import type { CharacterState, Mod, Side, TrpgEvent, TrpgSetup, TrpgState } from "./types";
import type { EventEnvelope } from "@fogwar/engine";

function character(p: Placement, side: Side, arch: Archetype): CharacterState {
  const hidden = p.hidden !== undefined;
  const lamp = arch.equipment.map((e) => catalog.equipment.get(e)!).find((e) => e.kind === "lamp");
  return {
    id: p.id,
    side,
    archetype: arch.id,
    name: p.name ?? arch.name,
    at: { x: p.at[0], y: p.at[1] },
    wounds: p.wounds ?? arch.stats.W,
    status: "active",
    deathFails: 0,
    stabilised: false,
    prone: false,
    braced: false,
    peeking: false,
    weapon: arch.weapons[0]!,
    lamp: lamp?.light ?? 0,
    slots: Object.fromEntries(arch.equipment.map((e) => catalog.equipment.get(e)!).filter((e) => e.slots !== undefined).map((e) => [e.id, e.slots!])),
    concealed: hidden,
    concealment: hidden ? { value: p.hidden!, shots: 0 } : null,
    known: !hidden,
    lastSeen: hidden ? null : { x: p.at[0], y: p.at[1] },
    overwatch: null,
    dodges: 0,
    spent: [],
    cold: false,
  };
}

/** Which seat plays each party character: the setup's, else the party seats in turn. @throws Error on a bad map. */
function controlOf(setup: TrpgSetup, party: readonly string[]): Record<string, SeatId> {
  const seats = setup.seats.party;
  const control: Record<string, SeatId> = {};
  party.forEach((id, i) => (control[id] = setup.control?.[id] ?? seats[i % seats.length]!));
  for (const [id, seat] of Object.entries(control)) if (!seats.includes(seat)) throw new Error(`${id} is given to ${seat}, not a party seat`);
  for (const seat of seats) if (!Object.values(control).includes(seat)) throw new Error(`party seat ${seat} plays no character`);
  for (const id of Object.keys(setup.control ?? {})) if (!party.includes(id)) throw new Error(`${id} is not a party character of this match`);
  return control;
}

/**
 * Builds the initial state and rolls initiative (seed 002 3-2); the first turn (or the first
 * round-end step) is then awaited.
 * @throws Error for an unknown scenario or a setup the lobby should have refused (seat counts,
 *   control, commander).
 */
export function setupMatch(setup: TrpgSetup, seed: string): { state: TrpgState; events: EventEnvelope<TrpgEvent>[] } {
  const scenario = catalog.scenarios.get(setup.scenario);
  if (!scenario) throw new Error(`unknown scenario ${setup.scenario}`);
  if (setup.field !== undefined && !catalog.fields.has(setup.field)) throw new Error(`unknown field ${setup.field}`);
  if (setup.night !== undefined && (!Number.isInteger(setup.night) || setup.night < 0 || setup.night > 100)) throw new Error("night is 0 to 100 %");
  const { party: partySeats, enemies: enemySeats } = setup.seats;
  if (partySeats.length < 1 || partySeats.length > 4 || enemySeats.length !== 1) throw new Error("a match has one to four party seats and one enemies' seat");
  if (new Set([...partySeats, ...enemySeats]).size !== partySeats.length + 1) throw new Error("seat ids must differ");
  const omit = new Set(setup.omit ?? []);
  const problem = placementProblem(scenario, "enemies", setup.enemies, scenario.party, catalog.archetypes);
  if (problem) throw new Error(`the encounter does not fit ${scenario.id}: ${problem}`);
  const characters: Record<string, CharacterState> = {};
  for (const p of scenario.party) if (!omit.has(p.id)) characters[p.id] = character(p, "party", catalog.archetypes.get(p.archetype)!);
  for (const p of setup.enemies) if (!omit.has(p.id)) characters[p.id] = character(p, "enemies", catalog.archetypes.get(p.archetype)!);
  const party = scenario.party.map((p) => p.id).filter((id) => !omit.has(id));
  if (party.length < partySeats.length) throw new Error("every party seat needs a character");
  if (!Object.values(characters).some((c) => c.side === "enemies" && c.known)) throw new Error("the enemies need someone in view");
  const commander = setup.commander === undefined ? (scenario.commander !== null && !omit.has(scenario.commander) ? scenario.commander : null) : setup.commander;
  if (commander !== null && !party.includes(commander)) throw new Error(`commander ${commander} is not in the party`);
  const state: TrpgState = {
    scenario: scenario.id,
    mode: setup.mode,
    field: setup.field ?? scenario.field,
    night: setup.night ?? scenario.night,
    seats: { party: [...partySeats], enemies: [...enemySeats] },
    control: controlOf(setup, party),
    commander,
    phase: "turn",
    round: 0,
    order: [],
    initiative: {},
    slot: 0,
    turn: null,
    roundEnd: [],
    deferred: [],
    pending: null,
    characters,
    unaware: [],
    reactive: [],
    revealedStats: [],
    surprised: scenario.surprised,
    result: null,
    tasks: [],
    server: { seed, rng: {}, seenAs: {} },
  };
  const ctx = new Ctx(state);
  const s = ctx.s;
  ctx.emit({ type: "match_started", scenario: scenario.id, mode: setup.mode, seedCommitment: seedCommitment(seed) });
  const ids = Object.keys(s.characters).sort();
  const I = RULES.initiative;
  const lead = commander !== null ? statsOf(s.characters[commander]!).COG : 0;
  for (const id of ids) {
    const c = s.characters[id]!;
    // Hidden when the roll reaches one side only: an unknown character's, a game-master enemy's.
    const die = ctx.d6(id, !c.known || (s.mode === "gm" && c.side === "enemies") ? "hidden" : "dice");
    const mods: Mod[] = [{ source: "COG", value: statsOf(c).COG }];
    if (s.surprised === c.side) mods.push({ source: "surprise", value: I.surprise });
    if (c.side === "party" && commander !== null && id !== commander && lead >= I.commanderMinimumCog) mods.push({ source: "commander", value: lead - I.commanderSubtract });
    const value = die + mods.reduce((n, m) => n + m.value, 0);
    s.initiative[id] = value;
    const event: TrpgEvent = { type: "initiative", character: id, die, mods, value };
    // An enemy's roll tells its COG: in GM mode the party sees only where it stands (seed 002 3-4).
    if (!c.known) ctx.emitTo(c.side, event);
    else if (s.mode === "gm" && c.side === "enemies") ctx.emitTo("enemies", event, { ...event, die: 0, mods: [] });
    else ctx.emit(event);
  }
  const cog = (id: string) => statsOf(s.characters[id]!).COG;
  s.order = [...ids].sort((a, b) => s.initiative[b]! - s.initiative[a]! || cog(b) - cog(a) || (a < b ? -1 : 1));
  // Who does not know of whom (seed 002 3-3): nobody knows of a hidden character; a surprised side knows of nobody yet (3-2).
  for (const t of ids) {
    for (const a of ids) {
      const [ct, ca] = [s.characters[t]!, s.characters[a]!];
      if (ct.side !== ca.side && (ca.concealed || s.surprised === ct.side)) s.unaware.push(`${t}>${a}`);
    }
  }
  startRound(ctx);
  settle(ctx);
  return ctx.finish();
}
