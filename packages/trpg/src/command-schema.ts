/**
 * The wire shape of TRPG commands, validated with zod before any rule runs: a malformed command
 * is refused with `malformed_command` and changes nothing.
 */
import { z } from "zod";
import type { TrpgCommand } from "./types";

const id = z.string().min(1).max(40);
const square = z.strictObject({ x: z.int().min(0).max(63), y: z.int().min(0).max(63) });
const stat = z.enum(["PRC", "BRT", "COG", "TGH", "GRC", "SPD"]);

const bare = <T extends string>(type: T) => z.strictObject({ type: z.literal(type) });

/** A command of a turn (also inside a delayed turn). */
export const ActionCommandSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("move"), to: square }),
  z.strictObject({ type: z.literal("sprint"), to: square }),
  z.strictObject({ type: z.literal("step"), to: square }),
  bare("disengage"),
  bare("stand"),
  bare("prone"),
  z.strictObject({ type: z.literal("shoot"), targets: z.array(id).min(1).max(6), burst: z.boolean(), called: z.boolean() }),
  z.strictObject({ type: z.literal("snapshot"), target: id, called: z.boolean() }),
  z.strictObject({ type: z.literal("overwatch"), dir: z.int().min(0).max(7) }),
  z.strictObject({ type: z.literal("suppress"), at: square }),
  z.strictObject({ type: z.literal("melee"), target: id, called: z.boolean() }),
  z.strictObject({ type: z.literal("shove"), target: id }),
  bare("brace"),
  bare("conceal"),
  bare("spot"),
  bare("swap"),
  bare("peek"),
  bare("unpeek"),
  z.strictObject({ type: z.literal("heal"), target: id }),
  z.strictObject({ type: z.literal("stabilise"), target: id }),
  z.strictObject({ type: z.literal("delay"), after: id }),
  bare("end_turn"),
]);

/** Every command, strictly (unknown fields are refused). */
export const TrpgCommandSchema = z.union([
  ActionCommandSchema,
  z.discriminatedUnion("type", [
    z.strictObject({ type: z.literal("decide"), choice: z.string().min(1).max(20) }),
    z.strictObject({ type: z.literal("end_round"), turns: z.array(z.strictObject({ actor: id, commands: z.array(ActionCommandSchema).max(24) })).max(8).optional() }),
    z.strictObject({ type: z.literal("call_check"), character: id, stat, difficulty: z.int().min(1).max(20), study: id.optional() }),
    z.strictObject({ type: z.literal("resist"), character: id, stat, modifier: z.int().min(-10).max(10), cold: z.boolean().optional() }),
    bare("concede"),
  ]),
]);

/** The command when well-formed, else null. */
export function parseCommand(raw: unknown): TrpgCommand | null {
  const parsed = TrpgCommandSchema.safeParse(raw);
  return parsed.success ? (parsed.data as TrpgCommand) : null;
}
