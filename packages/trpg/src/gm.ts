/**
 * The game master's console (GM mode): checks the master calls (seed 002 3-5 non-combat checks:
 * d6 + a stat against 5, 7 or 9, tools adding their bonus; a COG check that studies an enemy
 * reveals its stat block, 3-4) and resistance checks with the master's modifier (3-4: d6 +
 * modifiers over 6 - the stat; 3-7 extreme cold: a failed TGH check costs 1 GRC and PRC).
 */
import { bonusOf, statsOf } from "./board";
import type { Ctx } from "./context";
import type { Mod, TrpgCommand } from "./types";

/** Carries out a `call_check` or `resist` of the game master (already checked). */
export function gameMasterCheck(ctx: Ctx, cmd: TrpgCommand & { type: "call_check" | "resist" }): void {
  const s = ctx.s;
  const c = s.characters[cmd.character]!;
  const stat = statsOf(c)[cmd.stat];
  s.gmChecks = (s.gmChecks ?? 0) + 1;
  const die = ctx.d6(c.id, "dice");
  if (cmd.type === "call_check") {
    const mods: Mod[] = [{ source: cmd.stat, value: stat }];
    const tools = bonusOf(c, "check");
    if (tools) mods.push({ source: "equipment", value: tools });
    const total = die + mods.reduce((n, m) => n + m.value, 0);
    const success = total >= cmd.difficulty;
    ctx.emit({ type: "check", character: c.id, stat: cmd.stat, kind: "skill", die, mods, total, need: cmd.difficulty, success, ...(cmd.study ? { study: cmd.study } : {}) });
    if (success && cmd.study) {
      s.revealedStats.push(cmd.study);
      ctx.emit({ type: "stats_revealed", character: cmd.study, archetype: s.characters[cmd.study]!.archetype! });
    }
    return;
  }
  const mods: Mod[] = cmd.modifier ? [{ source: "master", value: cmd.modifier }] : [];
  const total = die + cmd.modifier;
  const need = 6 - stat;
  const success = total > need;
  ctx.emit({ type: "check", character: c.id, stat: cmd.stat, kind: "resist", die, mods, total, need, success, ...(cmd.cold ? { cold: true } : {}) });
  if (!success && cmd.cold) {
    c.cold = true;
    ctx.emit({ type: "chilled", character: c.id });
  }
}
