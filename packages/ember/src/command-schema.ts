/**
 * The shape of every EMBER command, validated with zod before any rule looks at it, so a
 * malformed command is rejected with `malformed_command` and changes nothing.
 */
import { z } from "zod";
import { ArmyList, PartSlot, Timing } from "./data/schema";
import type { EmberCommand } from "./types";

const square = z.object({ x: z.number().int().min(0).max(63), y: z.number().int().min(0).max(63) }).strict();
const facing = z.enum(["N", "E", "S", "W"]);
const unit = z.string().min(1).max(40);
const stance = z.enum(["DEF", "MOB", "OFF"]);
const side = z.enum(["black", "white", "red", "blue"]);
/** A number of dice results (seed 000 1.2.1 cancellation). */
const count = z.number().int().min(0).max(63);

/** The zod schema of {@link EmberCommand}, keyed by `type`. */
export const EmberCommandSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("lock_army"), army: ArmyList }).strict(),
  z.object({ type: z.literal("unlock_army") }).strict(),
  z.object({ type: z.literal("choose_side"), side }).strict(),
  z.object({ type: z.literal("choose_secondary"), secondary: z.string().min(1).max(40) }).strict(),
  z.object({ type: z.literal("place_objective"), at: square }).strict(),
  z.object({ type: z.literal("deploy"), unit, at: square, facing, stance: stance.optional(), hidden: square.optional() }).strict(),
  z
    .object({
      type: z.literal("command_drone"),
      mech: unit,
      drone: unit,
      order: z.discriminatedUnion("kind", [
        z.object({ kind: z.literal("move"), to: square, facing }).strict(),
        z.object({ kind: z.literal("action"), target: unit }).strict(),
        z.object({ kind: z.literal("automaton") }).strict(),
      ]),
    })
    .strict(),
  z.object({ type: z.literal("end_commands") }).strict(),
  z.object({ type: z.literal("lock_plan"), dials: z.record(unit, Timing) }).strict(),
  z.object({ type: z.literal("set_stance"), unit, stance }).strict(),
  z.object({ type: z.literal("reboot"), unit, stance }).strict(),
  z.object({ type: z.literal("manoeuvre"), unit, to: square, facing }).strict(),
  z
    .object({
      type: z.literal("act"),
      unit,
      part: PartSlot,
      action: z.string().min(1).max(40),
      target: unit.optional(),
      to: square.optional(),
      facing: facing.optional(),
      unarmed: PartSlot.optional(),
      targetPart: PartSlot.optional(),
      useCharge: z.boolean().optional(),
      squares: z.array(square).min(1).max(3).optional(),
      drops: z.array(square).min(1).max(3).optional(),
      hidden: square.optional(),
    })
    .strict(),
  z.object({ type: z.literal("end_activation"), unit }).strict(),
  z.object({ type: z.literal("choose_hit_part"), part: PartSlot }).strict(),
  z.object({ type: z.literal("use_designation"), use: z.boolean() }).strict(),
  z
    .object({
      type: z.literal("choose_cancellation"),
      evade: z.object({ heavy: count, light: count, eye: count, lightning: count }).strict(),
      defend: count,
    })
    .strict(),
  z.object({ type: z.literal("reroll"), dice: z.array(z.number().int().min(0).max(63)).max(64) }).strict(),
  z.object({ type: z.literal("choose_chain"), keyword: z.enum(["rupture", "shotgun", "cleave"]), target: unit }).strict(),
  z.object({ type: z.literal("declare_parry"), part: PartSlot.nullable() }).strict(),
  z.object({ type: z.literal("choose_interceptor"), unit, part: PartSlot, action: z.string().min(1).max(40) }).strict(),
  z.object({ type: z.literal("choose_blast_target"), target: z.string().min(1).max(60) }).strict(),
  z.object({ type: z.literal("remove_smoke"), at: square }).strict(),
  z.object({ type: z.literal("concede") }).strict(),
]);

/** Parses an untrusted value into a command (zod's copy of it), or returns null. */
export function parseCommand(value: unknown): EmberCommand | null {
  const parsed = EmberCommandSchema.safeParse(value);
  return parsed.success ? (parsed.data as EmberCommand) : null;
}
