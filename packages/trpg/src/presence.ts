/**
 * The no-presence-leak property (docs/rules/trpg.md "Presence"; seed 002 3-3): a match with a
 * concealed enemy that stays concealed and the same match without it are indistinguishable to
 * every player and spectator until it is found. Two matches are played side by side from the same
 * seed: "with" has every character of the scenario, "without" leaves one hidden enemy out. The
 * players' commands are chosen in "with" and sent to both; the enemies' seat plays in "with" and
 * sends the same command to "without" less the hidden enemy's delayed turns. After every command,
 * for every viewer but the enemies' own (and the master's), both matches must show the same:
 * the events it receives, its view, who is awaited and the open decision, the legal commands of
 * every seat it is, and what the live history shows; and in each match, a character of the other side
 * the viewer sees concealed before and after a command (not revealed in between) must look the same
 * after it ({@link unseenStill}). Comparing stops when the hidden enemy is
 * found, fires or is bumped into, or when its spotting finds a concealed character of the other
 * side (that side sees its character revealed: the unseen enemy's act shows by its effect, as a
 * shot from concealment does).
 *
 * Pure (no test framework): the jest test runs a few seeds, the benchmark runs 200 (`pnpm bench`).
 */
import { canonicalJson, Match, RandomBot, rngStateFromSeed, Random, spectator, seatViewer, teamViewer, type EventEnvelope, type SeatId, type Viewer } from "@fogwar/engine";
import { trpgBotPolicy } from "./bot";
import { trpg } from "./ruleset";
import type { TrpgCommand, TrpgEvent, TrpgSetup, TrpgState } from "./types";
import type { TrpgView } from "./view";

/** What one side-by-side match found. */
export interface PresenceReport {
  readonly hidden: string;
  /** Commands compared before the hidden enemy was found (or the match ended). */
  readonly compared: number;
  /**
   * Why comparing stopped: `found` (the other side found it: spotted, bumped into, or it fired),
   * `acted` (its spotting found a concealed character of the other side, which that side sees as
   * its character revealed), `over`, or `limit`.
   */
  readonly stop: "found" | "acted" | "over" | "limit";
  readonly problems: readonly string[];
}

type TrpgMatch = Match<TrpgSetup, TrpgState, TrpgCommand, TrpgEvent, TrpgView>;

/** Commands of the hidden enemy's delayed turns that never reveal it by themselves. */
const QUIET = new Set(["step", "spot", "overwatch", "peek", "unpeek", "swap", "brace", "prone", "stand", "heal", "stabilise", "end_turn"]);

/**
 * Whether a command of the hidden enemy's delayed turn is quiet: one of {@link QUIET}, and a heal
 * or stabilising only of itself. Healing a seen ally is an act that shows by its effect (docs/rules/trpg.md
 * "Acts that show by their effect"): the ally later survives a wound it would not have, which the
 * match without the healer cannot show.
 */
const isQuiet = (c: TrpgCommand, hidden: string): boolean => QUIET.has(c.type) && (!("target" in c) || (c.type !== "heal" && c.type !== "stabilise") || c.target === hidden);

/** The enemies' command in "without": the same, less the hidden enemy's delayed turn. */
function without(command: TrpgCommand, hidden: string): TrpgCommand {
  if (command.type !== "end_round" || !command.turns) return command;
  const turns = command.turns.filter((t) => t.actor !== hidden);
  return turns.length > 0 ? { type: "end_round", turns } : { type: "end_round" };
}

/** Whether a command of the enemies names the hidden enemy other than as the actor of its own delayed turn. */
function namesFor(command: TrpgCommand, hidden: string): boolean {
  const named = (x: unknown) => JSON.stringify(x).includes(`"${hidden}"`);
  if (command.type !== "end_round") return named(command);
  return (command.turns ?? []).some((t) => t.actor !== hidden && named(t.commands));
}

/** Whether the hidden enemy's spotting (its own roll or a reactive attempt) found someone of the other side. */
const acted = (events: readonly EventEnvelope<TrpgEvent>[], hidden: string) =>
  events.some((e) => {
    const ev = e.event;
    return (ev.type === "spotting" && ev.observer === hidden && ev.found.length > 0) || (ev.type === "reactive_spot" && ev.observer === hidden && ev.success);
  });

/** Whether events tell that the hidden enemy is there. */
const found = (events: readonly EventEnvelope<TrpgEvent>[], hidden: string) =>
  events.some((e) => {
    const ev = e.event;
    // Falling is no finding: a death nobody on the other side saw must not show (a `revealed` for it is a problem the comparison reports).
    return (ev.type === "revealed" && ev.character === hidden && ev.cause !== "fallen") || (ev.type === "unseen_attacker" && ev.character === hidden) || (ev.type === "contact" && ev.hidden === hidden);
  });

/**
 * The characters of the other side a viewer saw concealed before a command and still sees concealed after it, with
 * no `revealed` or `concealed` event about them in between, whose shown state changed: a change
 * there would be a function of what they did unseen (their wounds, status, items, stance: docs/rules/trpg.md
 * "Presence", "Unseen characters keep their last seen state"). A stat block revealed by the
 * master's check (GM mode) is no such change. Each as a short description.
 */
export function unseenStill(before: TrpgView, after: TrpgView, events: readonly TrpgEvent[]): string[] {
  const named = new Set(events.flatMap((e) => (e.type === "revealed" || e.type === "concealed" ? [e.character] : [])));
  const out: string[] = [];
  for (const [id, was] of Object.entries(before.characters)) {
    const is = after.characters[id];
    // Shown concealed without its value: a character of the other side (its own side sees the value).
    if (!is || !was.concealed || !is.concealed || was.concealment !== null || is.concealment !== null || named.has(id)) continue;
    if (before.revealedStats.includes(id) !== after.revealedStats.includes(id)) continue;
    const keys = Object.keys({ ...was, ...is }) as (keyof typeof was)[];
    const changed = keys.filter((k) => canonicalJson(was[k] ?? null) !== canonicalJson(is[k] ?? null)).map((k) => `${k} ${canonicalJson(was[k] ?? null)} to ${canonicalJson(is[k] ?? null)}`);
    if (changed.length > 0) out.push(`${id}, concealed throughout, change: ${changed.join(", ").slice(0, 240)}`);
  }
  return out;
}

/**
 * What the live history shows of an entry (the server's rule with the TRPG's `publicCommand`:
 * events as a spectator sees them, and never the command while the match is live: a command of a
 * concealed character tells its square, and whether an entry's events are all public would tell
 * that an unseen character's turn came).
 */
function history(seat: SeatId, command: TrpgCommand, events: readonly EventEnvelope<TrpgEvent>[]): string {
  const allPublic = events.every((e) => e.audience.kind === "everyone");
  const shown = events.map((e) => trpg.redact(e, spectator)).filter((e) => e !== null);
  return canonicalJson({ seat, command: allPublic && publicCommand(command) ? command : null, events: shown });
}

/** Whether the live history may show a command (the server's `publicCommand` for the TRPG): never. */
export const publicCommand = (_command: TrpgCommand): boolean => false;

/**
 * Plays one side-by-side match. `hidden`: the scenario's hidden enemy left out of "without"
 * (default: the first). Bots are seeded by `botSeed`.
 */
export function comparePresence(setup: TrpgSetup, seed: string, botSeed: string, hidden?: string, limit = 2000): PresenceReport {
  const target = hidden ?? setup.enemies.find((p) => p.hidden !== undefined)!.id;
  const a: TrpgMatch = new Match(trpg, setup, seed);
  const b: TrpgMatch = new Match(trpg, { ...setup, omit: [...(setup.omit ?? []), target] }, seed);
  const seats = trpg.seatsOf(setup);
  const enemySeat = setup.seats.enemies[0]!;
  const viewers: Viewer[] = [...setup.seats.party.map(seatViewer), teamViewer("party"), spectator];
  const bots = new Map(seats.map((s) => [s, new RandomBot<TrpgCommand>(`${botSeed}:${s}`, trpgBotPolicy)]));
  const random = new Random(rngStateFromSeed(botSeed, "presence"));
  const problems: string[] = [];
  const compare = (step: number, what: string, x: unknown, y: unknown) => {
    const [jx, jy] = [canonicalJson(x), canonicalJson(y)];
    if (jx !== jy && problems.length < 20) problems.push(`step ${step}: ${what} differ: ${jx.slice(0, 240)} vs ${jy.slice(0, 240)}`);
  };
  // The views each viewer had before the last command, in both matches (for `unseenStill`).
  let before: { a: TrpgView; b: TrpgView }[] = [];
  const state = (step: number, events?: { a: readonly EventEnvelope<TrpgEvent>[]; b: readonly EventEnvelope<TrpgEvent>[] }) => {
    compare(step, "awaited seats", trpg.awaiting(a.state), trpg.awaiting(b.state));
    compare(step, "pending decisions", trpg.pending(a.state), trpg.pending(b.state));
    compare(step, "results", trpg.result(a.state), trpg.result(b.state));
    const now = viewers.map((v) => ({ a: trpg.viewFor(a.state, v), b: trpg.viewFor(b.state, v) }));
    viewers.forEach((v, i) => {
      const name = v.kind === "seat" ? v.seat : v.kind;
      compare(step, `views of ${name}`, now[i]!.a, now[i]!.b);
      if (!events || !before[i]) return;
      for (const m of ["a", "b"] as const) {
        const seen = events[m].map((e) => trpg.redact(e, v)).filter((e) => e !== null);
        for (const change of unseenStill(before[i]![m], now[i]![m], seen)) if (problems.length < 20) problems.push(`step ${step}: ${name} sees ${change} (match "${m === "a" ? "with" : "without"}")`);
      }
    });
    before = now;
    for (const seat of setup.seats.party) compare(step, `legal commands of ${seat}`, trpg.legalCommands(a.state, seat), trpg.legalCommands(b.state, seat));
  };
  const setupSeen = (m: TrpgMatch) => viewers.map((v) => m.setupEvents.map((e) => trpg.redact(e, v)).filter((e) => e !== null));
  compare(0, "setup events", setupSeen(a), setupSeen(b));
  state(0);
  for (let step = 1; step <= limit; step++) {
    if (trpg.result(a.state)) return { hidden: target, compared: step - 1, stop: "over", problems };
    const seat = trpg.awaiting(a.state)[0]!;
    let legal = trpg.legalCommands(a.state, seat);
    if (seat === enemySeat) {
      // The hidden enemy keeps quiet in its delayed turns (a loud one would end the comparison at once),
      // and its allies do not heal it or wait after it (a command "without" cannot have: the enemies' own choice, made knowing it is there).
      const quiet = legal.filter((c) => (c.type !== "end_round" || !c.turns?.some((t) => t.actor === target && t.commands.some((x) => !isQuiet(x, target)))) && !namesFor(c, target));
      legal = quiet.length > 0 ? quiet : legal;
    }
    let command = bots.get(seat)!.choose(legal)!;
    // Now and then the hidden enemy's delayed turn is two commands long (step, then spot or overwatch).
    if (command.type === "end_round" && command.turns?.[0]?.actor === target && command.turns[0].commands[0]?.type === "step" && random.int(0, 2) === 0) {
      command = { type: "end_round", turns: [{ actor: target, commands: [command.turns[0].commands[0], random.pick<TrpgCommand & { type: "spot" | "overwatch" }>([{ type: "spot" }, { type: "overwatch", dir: random.int(0, 7) }])] }] };
    }
    const ra = a.submit(seat, command);
    if (!ra.ok) {
      problems.push(`step ${step}: ${seat}'s ${JSON.stringify(command)} refused in "with": ${ra.error.code}`);
      return { hidden: target, compared: step, stop: "over", problems };
    }
    const rb = b.submit(seat, seat === enemySeat ? without(command, target) : command);
    if (found(ra.entry.events, target)) return { hidden: target, compared: step - 1, stop: "found", problems };
    if (acted(ra.entry.events, target)) return { hidden: target, compared: step - 1, stop: "acted", problems };
    if (!rb.ok) {
      problems.push(`step ${step}: ${seat}'s command accepted in "with" but refused in "without": ${rb.error.code}`);
      return { hidden: target, compared: step, stop: "over", problems };
    }
    for (const v of viewers) {
      const seen = (events: readonly EventEnvelope<TrpgEvent>[]) => events.map((e) => trpg.redact(e, v)).filter((e) => e !== null);
      compare(step, `events received by ${v.kind === "seat" ? v.seat : v.kind}`, seen(ra.entry.events), seen(rb.entry.events));
    }
    compare(step, "live history entries", history(seat, command, ra.entry.events), history(seat, seat === enemySeat ? without(command, target) : command, rb.entry.events));
    state(step, { a: ra.entry.events, b: rb.entry.events });
    if (problems.length > 0) return { hidden: target, compared: step, stop: "over", problems };
  }
  return { hidden: target, compared: limit, stop: "limit", problems };
}
