/**
 * Plays a whole tactical TRPG match (seed 002) between bots and prints its log as one viewer saw
 * it (`pnpm match --game trpg`): what a player, the game master, a spectator or the omniscient
 * record received, so a concealed enemy appears in a player's log only once it is found.
 *
 *   pnpm match --game trpg [--seed S] [--scenario proving_ground|quarry|pumphouse]
 *              [--mode gm|versus] [--players 1-4] [--as spectator|p1..p4|gm|e1|omniscient] [--quiet]
 *
 * The bots play every seat with the rules' quick policy (trpgBotPolicy), the party's from the
 * party's projection and the enemies' from theirs. Same seed, same match.
 */
import { parseArgs } from "node:util";
import { randomBytes } from "node:crypto";
import { autoplay, omniscient, seatViewer, spectator, verifySeed, type Viewer } from "@fogwar/engine";
import { catalog, trpg, trpgBotPolicy, type TrpgSetup } from "@fogwar/trpg";
import { encounter } from "@fogwar/trpg/encounters";
import { gameArgs } from "../args";
import { fail, printEnding } from "../local";
import { describeTrpg } from "./format";

const { values } = parseArgs({
  args: gameArgs(),
  options: {
    seed: { type: "string" },
    scenario: { type: "string", default: "proving_ground" },
    mode: { type: "string", default: "gm" },
    players: { type: "string", default: "2" },
    as: { type: "string", default: "spectator" },
    quiet: { type: "boolean", default: false },
  },
});

const scenario = catalog.scenarios.get(values.scenario as string) ?? fail(`unknown scenario "${values.scenario}" (try: ${[...catalog.scenarios.keys()].join(", ")})`);
const mode = values.mode === "gm" || values.mode === "versus" ? values.mode : fail(`--mode takes gm or versus`);
const players = Number(values.players);
if (!Number.isInteger(players) || players < 1 || players > Math.min(4, scenario.party.length)) fail(`--players takes 1 to ${Math.min(4, scenario.party.length)} on ${scenario.id}`);
const party = Array.from({ length: players }, (_, i) => `p${i + 1}`);
const master = mode === "gm" ? "gm" : "e1";
const seats = [...party, master];
const as = values.as as string;
const viewer: Viewer = as === "omniscient" ? omniscient : as === "spectator" ? spectator : seats.includes(as) ? seatViewer(as) : fail(`--as takes spectator, ${seats.join(", ")} or omniscient`);

const setup: TrpgSetup = { scenario: scenario.id, mode, enemies: encounter(scenario.id), seats: { party, enemies: [master] } };
const seed = values.seed ?? randomBytes(16).toString("hex");
const print = (line: string | null) => {
  if (line !== null && !values.quiet) console.log(line);
};
console.log(`Tactical TRPG - ${scenario.name.en} (${mode === "gm" ? "game master" : "versus"}, ${scenario.rounds} rounds)`);
console.log(`party: ${party.join(", ")}  vs  enemies: ${master}   seed ${seed}   viewing as ${as}`);

let seen = 0;
const play = () =>
  autoplay(trpg, setup, seed, seed, {
    policy: trpgBotPolicy,
    onCommand(m) {
      const log = m.toLog();
      const view = trpg.viewFor(m.state, viewer);
      const name = (id: string) => view.characters[id]?.name.en ?? "someone unseen";
      const envelopes = [...(seen === 0 ? log.setupEvents : []), ...log.entries.slice(seen).flatMap((entry) => entry.events)];
      for (const env of envelopes) {
        const event = trpg.redact(env, viewer);
        if (event) print(describeTrpg(event, name));
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

const log = played.toLog();
const commitment = log.setupEvents.map((env) => env.event).find((e) => e.type === "match_started");
printEnding(trpg, log, played.state, commitment?.type === "match_started" && verifySeed(commitment.seedCommitment, seed));
