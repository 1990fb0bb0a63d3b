/**
 * Plays a whole EMBER match between two random bots and prints its log, as one viewer saw it
 * (`pnpm match`, the default game; see ./match.ts).
 *
 *   pnpm match [--game ember] [--seed S] [--scenario crossroads|foundry|ashfall] [--p1 ARMY] [--p2 ARMY]
 *              [--progressive] [--as spectator|p1|p2|omniscient] [--quiet]
 *
 * ARMY is a sample army's index or name (see packages/ember/data/armies.json). The default view
 * is the spectator's: secret dials appear only when revealed. Same seed, same match.
 */
import { parseArgs } from "node:util";
import { randomBytes } from "node:crypto";
import { autoplay, seatViewer, omniscient, spectator, verifySeed, type Viewer } from "@fogwar/engine";
import { catalog, ember, emberBotPolicy, type ArmyList } from "@fogwar/ember";
import { describe } from "./format";
import { gameArgs } from "../args";
import { fail, printEnding } from "../local";

const { values } = parseArgs({
  // Package managers may pass a "--" separator through; it carries no option.
  args: gameArgs(),
  options: {
    seed: { type: "string" },
    scenario: { type: "string", default: "crossroads" },
    p1: { type: "string" },
    p2: { type: "string" },
    progressive: { type: "boolean", default: false },
    as: { type: "string", default: "spectator" },
    quiet: { type: "boolean", default: false },
  },
});

const scenario = catalog.scenarios.get(values.scenario as string) ?? fail(`unknown scenario "${values.scenario}" (try: ${[...catalog.scenarios.keys()].join(", ")})`);
function pickArmy(arg: string | undefined, fallback: number): ArmyList {
  const list = catalog.data.armies;
  if (arg === undefined) return list[fallback] as ArmyList;
  const byIndex = /^\d+$/.test(arg) ? list[Number(arg)] : undefined;
  const found = byIndex ?? list.find((a) => a.name.toLowerCase() === arg.toLowerCase());
  return found ?? fail(`unknown army "${arg}" (try an index 0-${list.length - 1} or: ${list.map((a) => a.name).join(", ")})`);
}

const standard = scenario.battleSize !== "skirmish";
const p1 = pickArmy(values.p1, standard ? 1 : 0);
const p2 = pickArmy(values.p2, standard ? 3 : 2);
const seed = values.seed ?? randomBytes(16).toString("hex");
const viewer: Viewer =
  values.as === "omniscient" ? omniscient : values.as === "spectator" ? spectator : values.as === "p1" || values.as === "p2" ? seatViewer(values.as) : fail(`--as takes spectator, p1, p2 or omniscient`);

const setup = { scenario: scenario.id, seats: ["p1", "p2"] as const, armies: { p1, p2 }, options: { progressiveReveal: values.progressive } };
const print = (line: string | null) => {
  if (line !== null && !values.quiet) console.log(line);
};
console.log(`EMBER: Obsidian Protocol - ${scenario.name.en} (${scenario.battleSize}, ${scenario.mission.rounds} rounds)`);
console.log(`p1: ${p1.name} (${p1.faction})  vs  p2: ${p2.name} (${p2.faction})   seed ${seed}   viewing as ${values.as}`);

let seen = 0;
const play = () => autoplay(ember, setup, seed, seed, {
  policy: emberBotPolicy,
  onCommand(m) {
    const log = m.toLog();
    if (seen === 0) for (const env of log.setupEvents) { const e = ember.redact(env, viewer); if (e) print(describe(e, m.state)); }
    for (const entry of log.entries.slice(seen)) {
      for (const env of entry.events) {
        const event = ember.redact(env, viewer);
        if (event) print(describe(event, m.state));
      }
    }
    seen = log.entries.length;
  },
});
let played: ReturnType<typeof play>;
try {
  played = play();
} catch (error) {
  fail((error as Error).message);
}

printEnding(ember, played.toLog(), played.state, verifySeed(played.state.seedCommitment, seed));
