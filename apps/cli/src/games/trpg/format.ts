/**
 * Plain-English lines for TRPG events (seed 002), for the terminal match log. Names come from the
 * viewer's projection: a character the viewer does not know of reads "someone unseen".
 */
import type { Square } from "@fogwar/engine";
import type { Mod, TrpgEvent } from "@fogwar/trpg";

const sq = (s: Square) => `${String.fromCharCode(65 + s.x)}${s.y + 1}`;
const mods = (list: readonly Mod[] | undefined) => (list && list.length > 0 ? ` (${list.map((m) => `${m.source} ${m.value > 0 ? "+" : ""}${m.value}`).join(", ")})` : "");
const over = (need: number | null | undefined) => (need === null || need === undefined ? "" : ` over ${need}`);
const ok = (success: boolean, yes = "succeeds", no = "fails") => (success ? yes : no);
const DIRECTIONS = ["north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"];

/** One line for an event, or null for one not worth a line; `name` gives a character's name. */
export function describeTrpg(event: TrpgEvent, name: (id: string) => string): string | null {
  const heard = event.heardBy ? `  [heard by ${event.heardBy === "master" ? "the game master" : `the ${event.heardBy}`}${event.inPart ? " in full; others in part" : " only"}]` : "";
  const line = lineOf(event, name);
  return line === null ? null : line + heard;
}

function lineOf(e: TrpgEvent, n: (id: string) => string): string | null {
  switch (e.type) {
    case "match_started":
      return `Match on ${e.scenario} (${e.mode === "gm" ? "game master" : "versus"}), seed commitment ${e.seedCommitment.slice(0, 12)}...`;
    case "initiative":
      // A die of 0: the roll's shadow, which tells where the character stands and not its COG.
      return e.die === 0 ? `${n(e.character)} has initiative ${e.value}` : `${n(e.character)} rolls ${e.die}${mods(e.mods)} = ${e.value} for initiative`;
    case "round_started":
      return `\n=== Round ${e.round} ===`;
    case "turn_started":
      return `-- ${n(e.character)}'s turn${e.delayed ? " (delayed)" : ""}`;
    case "turn_ended":
      return null;
    case "waits_unseen":
      return `${n(e.character)} waits unseen for the round-end step`;
    case "delayed":
      return `${n(e.character)} delays until after ${n(e.after)}`;
    case "moved":
      return `${n(e.character)} ${e.mode === "move" ? "moves" : e.mode === "sprint" ? "sprints" : "steps"} to ${sq(e.path.at(-1)!)} (${e.path.length} square${e.path.length === 1 ? "" : "s"}, ${e.ap} AP)`;
    case "prone":
      return `${n(e.character)} ${e.prone ? "drops prone" : "stands up"}`;
    case "disengaged":
      return `${n(e.character)} disengages`;
    case "braced":
      return `${n(e.character)} ${e.braced ? "braces" : "unbraces"} the weapon`;
    case "peeking":
      return `${n(e.character)} ${e.peeking ? "peeks" : "stops peeking"}`;
    case "swapped":
      return `${n(e.character)} swaps to ${e.weapon ?? "another weapon"}`;
    case "overwatch_set":
      return `${n(e.character)} goes on overwatch${e.overwatch ? ` towards the ${DIRECTIONS[e.overwatch.dir]}, ${e.overwatch.radius} squares` : ""}`;
    case "overwatch_ended":
      return `${n(e.character)}'s overwatch ends`;
    case "concealed":
      return `${n(e.character)} tries to conceal itself${e.die !== undefined ? `: ${e.die}${mods(e.mods)} = ${e.value}` : ""} and ${ok(e.success)}`;
    case "spotting":
      return `${n(e.observer)} spots: ${e.die}${mods(e.mods)}${e.total === null ? "" : ` = ${e.total}`}${e.found.length > 0 ? `, finds ${e.found.map(n).join(", ")}` : ", finds nobody"}`;
    case "reactive_spot":
      return `${n(e.observer)} ${e.cause === "respot" ? "looks again for" : "notices movement of"} ${n(e.target)}${e.die !== undefined ? `: ${e.die}${e.total !== null && e.total !== undefined ? ` = ${e.total}` : ""}${over(e.need)}` : ""}, ${ok(e.success)}`;
    case "revealed":
      return `${n(e.character)} is revealed at ${sq(e.at)} (${e.cause}${e.by ? ` by ${n(e.by)}` : ""})`;
    case "unseen_attacker":
      return `Someone unseen fires at ${n(e.target)}`;
    case "attack":
      return `${n(e.attacker)} ${e.via === "melee" ? "strikes" : "shoots"} at ${n(e.target)}${e.weapon ? ` with ${e.weapon}` : ""}${e.called ? " (called shot)" : ""}: ${e.die}${mods(e.mods)}${over(e.need)}, ${e.hit ? "hit" : "miss"}`;
    case "dodge":
      return `${n(e.character)} dodges: ${e.die}${mods(e.mods)}${over(e.need)}, ${ok(e.success)}`;
    case "penetration":
      return `Penetration on ${n(e.target)}: ${e.die}${over(e.need)}${e.cover ? ` (cover +${e.cover})` : ""}, ${ok(e.success, "wounds", "stopped")}`;
    case "damaged":
      return `${n(e.character)} takes ${e.amount} wound${e.amount === 1 ? "" : "s"}${e.wounds !== null && e.wounds >= 0 ? `, ${e.wounds} left` : ""}`;
    case "incapacitated":
      return `${n(e.character)} is incapacitated`;
    case "died":
      return `${n(e.character)} dies`;
    case "death_save":
      return `${n(e.character)} rolls a death save: ${e.die}, ${ok(e.success)} (${e.fails} failed)`;
    case "stabilised":
      return `${n(e.by)} tries to stabilise ${n(e.character)}: ${e.die}${over(e.need)}, ${ok(e.success)}`;
    case "healed":
      return `${n(e.by)} uses ${e.item} on ${n(e.character)}: ${e.die}${over(e.need)}, ${ok(e.success)}`;
    case "suppressing":
      return `${n(e.shooter)} lays suppressive fire on ${sq(e.at)}${e.targets.length > 0 ? ` at ${e.targets.map(n).join(", ")}` : ""}`;
    case "dropped":
      return `${n(e.character)} drops prone under fire`;
    case "shove":
      return `${n(e.attacker)} shoves ${n(e.target)}: ${e.die}${over(e.need)}, ${ok(e.success)}`;
    case "decided":
      return `Decision (${e.kind}): ${e.choice}`;
    case "contact":
      return `${n(e.mover)} runs into ${n(e.hidden)}`;
    case "hazard":
      return `${n(e.character)} is in contamination: ${e.die}${e.wounded ? ", wounded" : ""}`;
    case "check":
      return `${n(e.character)} makes a ${e.kind === "resist" ? "resistance" : ""}${e.kind === "resist" ? " " : ""}${e.stat} check: ${e.die}${mods(e.mods)} = ${e.total} against ${e.need}, ${ok(e.success)}${e.study ? ` (studying ${n(e.study)})` : ""}${e.cold ? " (cold)" : ""}`;
    case "stats_revealed":
      return `${n(e.character)}'s stat block is known: ${e.archetype}`;
    case "chilled":
      return `${n(e.character)} is chilled (-1 GRC and PRC)`;
    case "surprise_over":
      return `The ${e.side} are no longer surprised`;
    case "round_step":
      return `${e.seat} ends the round`;
    case "round_ended":
      return `Round ${e.round} ends`;
    case "delayed_stopped":
      return `${n(e.actor)}'s delayed turn stops at command ${e.index + 1} (${e.code})`;
    case "conceded":
      return `${e.seat} concedes`;
    case "match_ended":
      return e.result.winner === null ? `The match is a draw (${e.result.reason})` : `${(e.result.winners ?? [e.result.winner]).join(", ")} win (${e.result.reason})`;
  }
}
