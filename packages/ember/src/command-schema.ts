/**
 * The shape of every EMBER command, validated with zod before any rule looks at it, so a
 * malformed command is rejected with `malformed_command` and changes nothing.
 */
import { REFUSED, flag, integer, list, nullable, oneOf, record, strictObject, tagged, text } from "@fogwar/engine";
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

/**
 * {@link EmberCommandSchema} as a fast shape check (`@fogwar/engine` shapes): accepts the common
 * well-formed command and returns zod's copy of it; anything it refuses goes to zod. Keep it in
 * step with the schema above (the command-shape test compares them on listed and mangled commands).
 */
const fast = (() => {
  const sq = strictObject([
    ["x", integer(0, 63)],
    ["y", integer(0, 63)],
  ]);
  const fc = oneOf(["N", "E", "S", "W"]);
  const id = text(1, 40);
  const st = oneOf(["DEF", "MOB", "OFF"]);
  const slot = oneOf(PartSlot.options);
  const o = "optional" as const;
  return tagged("type", {
    choose_side: strictObject([["type", oneOf(["choose_side"])], ["side", oneOf(["black", "white", "red", "blue"])]]),
    choose_secondary: strictObject([["type", oneOf(["choose_secondary"])], ["secondary", text(1, 40)]]),
    place_objective: strictObject([["type", oneOf(["place_objective"])], ["at", sq]]),
    deploy: strictObject([["type", oneOf(["deploy"])], ["unit", id], ["at", sq], ["facing", fc], ["stance", st, o], ["hidden", sq, o]]),
    command_drone: strictObject([
      ["type", oneOf(["command_drone"])],
      ["mech", id],
      ["drone", id],
      [
        "order",
        tagged("kind", {
          move: strictObject([["kind", oneOf(["move"])], ["to", sq], ["facing", fc]]),
          action: strictObject([["kind", oneOf(["action"])], ["target", id]]),
          automaton: strictObject([["kind", oneOf(["automaton"])]]),
        }),
      ],
    ]),
    end_commands: strictObject([["type", oneOf(["end_commands"])]]),
    lock_plan: strictObject([["type", oneOf(["lock_plan"])], ["dials", record(id, oneOf(Timing.options))]]),
    set_stance: strictObject([["type", oneOf(["set_stance"])], ["unit", id], ["stance", st]]),
    reboot: strictObject([["type", oneOf(["reboot"])], ["unit", id], ["stance", st]]),
    manoeuvre: strictObject([["type", oneOf(["manoeuvre"])], ["unit", id], ["to", sq], ["facing", fc]]),
    act: strictObject([
      ["type", oneOf(["act"])],
      ["unit", id],
      ["part", slot],
      ["action", text(1, 40)],
      ["target", id, o],
      ["to", sq, o],
      ["facing", fc, o],
      ["unarmed", slot, o],
      ["targetPart", slot, o],
      ["useCharge", flag, o],
      ["squares", list(sq, 1, 3), o],
      ["drops", list(sq, 1, 3), o],
      ["hidden", sq, o],
    ]),
    end_activation: strictObject([["type", oneOf(["end_activation"])], ["unit", id]]),
    choose_hit_part: strictObject([["type", oneOf(["choose_hit_part"])], ["part", slot]]),
    use_designation: strictObject([["type", oneOf(["use_designation"])], ["use", flag]]),
    choose_cancellation: strictObject([
      ["type", oneOf(["choose_cancellation"])],
      [
        "evade",
        strictObject([
          ["heavy", integer(0, 63)],
          ["light", integer(0, 63)],
          ["eye", integer(0, 63)],
          ["lightning", integer(0, 63)],
        ]),
      ],
      ["defend", integer(0, 63)],
    ]),
    reroll: strictObject([["type", oneOf(["reroll"])], ["dice", list(integer(0, 63), 0, 64)]]),
    choose_chain: strictObject([["type", oneOf(["choose_chain"])], ["keyword", oneOf(["rupture", "shotgun", "cleave"])], ["target", id]]),
    declare_parry: strictObject([["type", oneOf(["declare_parry"])], ["part", nullable(slot)]]),
    choose_interceptor: strictObject([["type", oneOf(["choose_interceptor"])], ["unit", id], ["part", slot], ["action", text(1, 40)]]),
    choose_blast_target: strictObject([["type", oneOf(["choose_blast_target"])], ["target", text(1, 60)]]),
    remove_smoke: strictObject([["type", oneOf(["remove_smoke"])], ["at", sq]]),
    concede: strictObject([["type", oneOf(["concede"])]]),
  });
})();

/** Parses an untrusted value into a command, or returns null. */
export function parseCommand(value: unknown): EmberCommand | null {
  const quick = fast(value);
  if (quick !== REFUSED) return quick as EmberCommand;
  const parsed = EmberCommandSchema.safeParse(value);
  return parsed.success ? (parsed.data as EmberCommand) : null;
}

/** The zod schema's answer alone, without the fast shape (for tests that compare the two). */
export function parseCommandWithZod(value: unknown): EmberCommand | null {
  const parsed = EmberCommandSchema.safeParse(value);
  return parsed.success ? (parsed.data as EmberCommand) : null;
}

/** The fast shape's answer alone: zod's copy, or null where it defers to zod (for tests). */
export function parseCommandFast(value: unknown): EmberCommand | null {
  const quick = fast(value);
  return quick === REFUSED ? null : (quick as EmberCommand);
}
