/**
 * Age of Sigmar test battles: the Grove vanguard (p1) against the Kiln warband (p2), played by a
 * fixed preference (shoot, fight, charge, place, move, end the phase; any legal command while
 * deploying) until a wanted moment; and seeded random battles (`randomBattle`: both seats played
 * by the engine's RandomBot with Age of Sigmar's bot policy, no concession) for property tests.
 * Shared by the Age of Sigmar table tests.
 */
import { chooseWithTemplates, Random, RandomBot, rngStateFromSeed } from "@fogwar/engine";
import { awaiting, catalog, legalCommands, sigmar, sigmarBotPolicy, templates, type SigmarCommand, type SigmarEvent, type SigmarState } from "@fogwar/sigmar";

/** The preferred command types, first preferred first. */
const PREFERENCE: readonly SigmarCommand["type"][] = ["shoot", "fight", "charge", "place", "move", "end_phase"];

/**
 * Plays the battle of `seed` until `until` holds of the state and the events of the last command
 * applied (none before the first), at most `limit` commands, with `armies` (by default the Grove
 * vanguard against the Kiln warband): that state and those events. Throws if a command is refused
 * or the wanted moment never comes.
 */
export function playSigmar(
  until: (state: SigmarState, events: readonly SigmarEvent[]) => boolean,
  seed: string,
  limit = 900,
  armies = { p1: catalog.armies[0]!, p2: catalog.armies[3]! },
): { state: SigmarState; events: SigmarEvent[] } {
  let { state } = sigmar.setup({ seats: ["p1", "p2"], armies }, seed);
  let events: SigmarEvent[] = [];
  const rank = (c: SigmarCommand) => PREFERENCE.indexOf(c.type);
  for (let n = 0; n < limit && !until(state, events); n++) {
    const seat = awaiting(state)[0]!;
    const legal = legalCommands(state, seat);
    const preferred = state.phase === "deployment" ? legal : legal.filter((c) => rank(c) >= 0).sort((a, b) => rank(a) - rank(b));
    const applied = sigmar.apply(state, preferred[0] ?? legal[0]!, seat);
    if (!applied.ok) throw new Error(applied.error.message);
    state = applied.state;
    events = applied.events.map((e) => e.event);
  }
  if (!until(state, events)) throw new Error(`the wanted state never came within ${limit} commands`);
  return { state, events };
}

/**
 * Plays the battle of seed `seed` for at most `steps` accepted commands (fewer when it ends or a
 * command is refused), yielding each state reached with the events that led to it, the first
 * state (the muster) with none.
 */
export function* randomBattle(seed: string, steps: number): Generator<{ readonly state: SigmarState; readonly events: readonly SigmarEvent[] }> {
  let state = sigmar.setup({ seats: ["p1", "p2"] } as never, seed).state as SigmarState;
  yield { state, events: [] };
  const bots = { p1: new RandomBot<SigmarCommand>(`${seed}:p1`, sigmarBotPolicy), p2: new RandomBot<SigmarCommand>(`${seed}:p2`, sigmarBotPolicy) };
  const fills = new Random(rngStateFromSeed(seed, "fill"));
  for (let n = 0; n < steps && state.phase !== "finished"; n++) {
    const seat = awaiting(state)[0] as "p1" | "p2" | undefined;
    if (!seat) return;
    const command = chooseWithTemplates(bots[seat], fills, legalCommands(state, seat).filter((c) => c.type !== "concede"), templates(state, seat), () => false);
    const applied = command ? sigmar.apply(state, command, seat) : null;
    if (!applied?.ok) return;
    state = applied.state as SigmarState;
    yield { state, events: (applied.events as unknown as { event: SigmarEvent }[]).map((e) => e.event) };
  }
}
