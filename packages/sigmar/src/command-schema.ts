/**
 * The shape of every command, checked with zod before any rule looks at it: a malformed command is
 * refused with `malformed_command` and changes nothing. Positions are whole hundredths of an inch.
 */
import { z } from "zod";
import { ArmyList } from "./data/schema";
import type { SigmarCommand } from "./types";

const id = z.string().min(1).max(40);
const point = z.object({ x: z.number().int().min(-100_000).max(100_000), y: z.number().int().min(-100_000).max(100_000) }).strict();
const points = z.array(point).max(30);
const crits = z.record(id, z.enum(["2hits", "autowound", "mortal"]));

/** The zod schema of {@link SigmarCommand}, keyed by `type`. */
export const SigmarCommandSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("lock_army"), army: ArmyList }).strict(),
  z.object({ type: z.literal("unlock_army") }).strict(),
  z.object({ type: z.literal("deploy"), unit: id, models: points }).strict(),
  z.object({ type: z.literal("order"), order: z.array(z.number().int().min(0).max(20)).max(20) }).strict(),
  z.object({ type: z.literal("end_phase") }).strict(),
  z.object({ type: z.literal("move"), unit: id, models: points }).strict(),
  z.object({ type: z.literal("run"), unit: id }).strict(),
  z.object({ type: z.literal("set_up"), unit: id, models: points }).strict(),
  z.object({ type: z.literal("shoot"), unit: id, target: id, crits: crits.optional() }).strict(),
  z.object({ type: z.literal("charge"), unit: id, target: id }).strict(),
  z.object({ type: z.literal("fight"), unit: id, target: id, models: points.optional(), crits: crits.optional() }).strict(),
  z.object({ type: z.literal("pass_fight"), unit: id }).strict(),
  z.object({ type: z.literal("place"), models: points }).strict(),
  z.object({ type: z.literal("decline") }).strict(),
  z.object({ type: z.literal("use_ability"), unit: id, ability: id, targets: z.array(id).max(6) }).strict(),
  z.object({ type: z.literal("play_card"), card: id, targets: z.array(id).max(6) }).strict(),
  z.object({ type: z.literal("command"), command: z.enum(["press_forward", "hold_firm", "counter_charge", "rally"]), unit: id, target: id.optional() }).strict(),
  z.object({ type: z.literal("concede") }).strict(),
  z.object({ type: z.literal("remove_models"), models: z.array(id).max(40) }).strict(),
  z.object({ type: z.literal("retreat"), unit: id }).strict(),
]);

/** Parses an untrusted value into a command, or returns null. */
export function parseCommand(value: unknown): SigmarCommand | null {
  const parsed = SigmarCommandSchema.safeParse(value);
  return parsed.success ? (parsed.data as SigmarCommand) : null;
}
