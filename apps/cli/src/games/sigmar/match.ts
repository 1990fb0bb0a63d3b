/**
 * Plays a whole Age of Sigmar battle between two bots in the terminal and prints its log as one
 * viewer saw it: the lists mustered in secret, deployment, every attack roll by roll.
 *
 *   pnpm match -- --game sigmar [--seed S] [--p1 heuristic|random] [--p2 heuristic|random]
 *                 [--as spectator|p1|p2|omniscient] [--quiet]
 *
 * The heuristic bot decides from its own seat's projection, drawing its reserve from a seed of its
 * own derived from the battle's (as the server's bots do, so its list is not the sample's); the
 * random bot picks among the legal commands (continuous moves filled at random from the rules'
 * templates). Same seed, same battle.
 */
import { parseArgs } from "node:util";
import { randomBytes } from "node:crypto";
import { Random, chooseWithTemplates, omniscient, RandomBot, rngStateFromSeed, seatViewer, spectator, verifySeed, Match, type Viewer } from "@fogwar/engine";
import { heuristicChoice, POSITION_BUDGET, sigmar, sigmarBotPolicy, type SigmarCommand } from "@fogwar/sigmar";
import { describe } from "./format";
import { gameArgs } from "../args";
import { fail, printEnding } from "../local";

const { values } = parseArgs({
  args: gameArgs(),
  options: {
    seed: { type: "string" },
    p1: { type: "string", default: "heuristic" },
    p2: { type: "string", default: "random" },
    as: { type: "string", default: "spectator" },
    quiet: { type: "boolean", default: false },
  },
});

const kinds = ["heuristic", "random"];
for (const seat of ["p1", "p2"] as const) if (!kinds.includes(values[seat] as string)) fail(`--${seat} takes heuristic or random`);
const viewer: Viewer = values.as === "omniscient" ? omniscient : values.as === "spectator" ? spectator : values.as === "p1" || values.as === "p2" ? seatViewer(values.as) : fail("--as takes spectator, p1, p2 or omniscient");
const seed = values.seed ?? randomBytes(16).toString("hex");
const setup = { seats: ["p1", "p2"] as ["p1", "p2"] };
const print = (line: string | null) => {
  if (line !== null && !values.quiet) console.log(line);
};

console.log(`Age of Sigmar (seed 003 sections 19-30 on the project's core) - The Sundered Causeway`);
console.log(`p1: ${values.p1} bot  vs  p2: ${values.p2} bot   seed ${seed}   viewing as ${values.as}`);

const match = new Match(sigmar, setup, seed);
for (const env of match.setupEvents) print(describe(sigmar.redact(env, viewer)!, match.state));
const random = { p1: new RandomBot<SigmarCommand>(`${seed}:p1`, sigmarBotPolicy), p2: new RandomBot<SigmarCommand>(`${seed}:p2`, sigmarBotPolicy) };
const fills = new Random(rngStateFromSeed(seed, "fill"));
for (let n = 0; sigmar.result(match.state) === null; n++) {
  if (n > 5000) fail("no result after 5000 commands");
  const seat = sigmar.awaiting(match.state)[0] as "p1" | "p2" | undefined;
  if (!seat) fail("the battle awaits nobody but has no result");
  const state = match.state;
  const command =
    values[seat] === "heuristic"
      ? heuristicChoice(sigmar.viewFor(state, seatViewer(seat)), seat, POSITION_BUDGET, `${seed}:brain:${seat}`)
      : chooseWithTemplates(random[seat], fills, sigmar.legalCommands(state, seat), sigmar.templates!(state, seat), (c) => sigmar.apply(state, c, seat).ok);
  if (!command) fail(`${seat} has no legal command`);
  const outcome = match.submit(seat, command);
  if (!outcome.ok) fail(`${seat}'s command was refused: ${outcome.error.code}`);
  for (const env of outcome.entry.events) {
    const event = sigmar.redact(env, viewer);
    if (event) print(describe(event, match.state));
  }
}

printEnding(sigmar, match.toLog(), match.state, verifySeed(match.state.seedCommitment, seed));
process.exit(0);
