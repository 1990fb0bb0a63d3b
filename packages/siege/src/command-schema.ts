/**
 * The wire shape of Siege commands, validated with zod before any rule runs: a malformed command
 * is refused with `malformed_command` and changes nothing.
 */
import { REFUSED, firstOf, flag, integer, list, nullable, oneOf, record, strictObject, tagged, text } from "@fogwar/engine";
import { z } from "zod";
import type { SiegeCommand } from "./types";

const id = z.string().min(1).max(64);
const place = z.string().min(1).max(64);
const facing = z.enum(["N", "E", "S", "W"]);
const watch = z.union([z.object({ facing }).strict(), z.object({ ap: place }).strict()]);
const order = z.object({ token: id.optional(), facing: facing.optional(), ap: place.optional() }).strict();

/** Every command, strictly (unknown fields are refused). */
export const SiegeCommandSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("pick"), operators: z.array(id).max(10), inventory: z.record(id, z.number().int()) }).strict(),
  z.object({ type: z.literal("edit_component"), component: id, to: place.nullable() }).strict(),
  z.object({ type: z.literal("place_gadget"), gadget: id, at: place }).strict(),
  z.object({ type: z.literal("place_token"), operator: id, at: place, watch, real: z.boolean() }).strict(),
  z.object({ type: z.literal("end_setup") }).strict(),
  z.object({ type: z.literal("deploy"), operator: id, at: place, facing: facing.nullable() }).strict(),
  z.object({ type: z.literal("activate"), operator: id }).strict(),
  z.object({ type: z.literal("step"), operator: id, token: id.optional(), to: place, via: place.optional() }).strict(),
  z.object({ type: z.literal("lean"), operator: id, to: place }).strict(),
  z.object({ type: z.literal("stand"), operator: id }).strict(),
  z.object({ type: z.literal("run"), operator: id }).strict(),
  z.object({ type: z.literal("watch"), operator: id, watches: z.array(order).min(1).max(2) }).strict(),
  z.object({ type: z.literal("reveal"), operator: id }).strict(),
  z.object({ type: z.literal("shoot"), operator: id, target: id }).strict(),
  z.object({ type: z.literal("breach"), operator: id, target: id }).strict(),
  z.object({ type: z.literal("gadget"), operator: id, gadget: id, at: place, aim: place.optional() }).strict(),
  z.object({ type: z.literal("special"), operator: id, at: place.optional(), target: id.optional() }).strict(),
  z.object({ type: z.literal("end_activation"), operator: id }).strict(),
  z.object({ type: z.literal("end_phase") }).strict(),
  z.object({ type: z.literal("react"), operator: id }).strict(),
  z.object({ type: z.literal("hold") }).strict(),
  z.object({ type: z.literal("reroll"), dice: z.array(z.number().int()).max(12) }).strict(),
  z.object({ type: z.literal("keep") }).strict(),
  z.object({ type: z.literal("contest"), fight: z.boolean() }).strict(),
  z.object({ type: z.literal("return_fire"), fire: z.boolean() }).strict(),
  z.object({ type: z.literal("concede") }).strict(),
]);

/**
 * {@link SiegeCommandSchema} as a fast shape check (`@fogwar/engine` shapes): accepts the common
 * well-formed command and returns zod's copy of it; anything it refuses goes to zod. Keep it in
 * step with the schema above (the command-shape test compares them on listed and mangled commands).
 */
const fast = (() => {
  const idS = text(1, 64);
  const placeS = text(1, 64);
  const facingS = oneOf(["N", "E", "S", "W"]);
  const o = "optional" as const;
  const t = (type: string) => ["type", oneOf([type])] as const;
  const watchS = firstOf(strictObject([["facing", facingS]]), strictObject([["ap", placeS]]));
  const orderS = strictObject([["token", idS, o], ["facing", facingS, o], ["ap", placeS, o]]);
  const byOperator = (type: string) => strictObject([t(type), ["operator", idS]]);
  const bare = (type: string) => strictObject([t(type)]);
  return tagged("type", {
    pick: strictObject([t("pick"), ["operators", list(idS, 0, 10)], ["inventory", record(idS, integer())]]),
    edit_component: strictObject([t("edit_component"), ["component", idS], ["to", nullable(placeS)]]),
    place_gadget: strictObject([t("place_gadget"), ["gadget", idS], ["at", placeS]]),
    place_token: strictObject([t("place_token"), ["operator", idS], ["at", placeS], ["watch", watchS], ["real", flag]]),
    end_setup: bare("end_setup"),
    deploy: strictObject([t("deploy"), ["operator", idS], ["at", placeS], ["facing", nullable(facingS)]]),
    activate: byOperator("activate"),
    step: strictObject([t("step"), ["operator", idS], ["token", idS, o], ["to", placeS], ["via", placeS, o]]),
    lean: strictObject([t("lean"), ["operator", idS], ["to", placeS]]),
    stand: byOperator("stand"),
    run: byOperator("run"),
    watch: strictObject([t("watch"), ["operator", idS], ["watches", list(orderS, 1, 2)]]),
    reveal: byOperator("reveal"),
    shoot: strictObject([t("shoot"), ["operator", idS], ["target", idS]]),
    breach: strictObject([t("breach"), ["operator", idS], ["target", idS]]),
    gadget: strictObject([t("gadget"), ["operator", idS], ["gadget", idS], ["at", placeS], ["aim", placeS, o]]),
    special: strictObject([t("special"), ["operator", idS], ["at", placeS, o], ["target", idS, o]]),
    end_activation: byOperator("end_activation"),
    end_phase: bare("end_phase"),
    react: byOperator("react"),
    hold: bare("hold"),
    reroll: strictObject([t("reroll"), ["dice", list(integer(), 0, 12)]]),
    keep: bare("keep"),
    contest: strictObject([t("contest"), ["fight", flag]]),
    return_fire: strictObject([t("return_fire"), ["fire", flag]]),
    concede: bare("concede"),
  });
})();

/** The command when well-formed, else null. */
export function parseCommand(raw: unknown): SiegeCommand | null {
  const quick = fast(raw);
  if (quick !== REFUSED) return quick as SiegeCommand;
  const parsed = SiegeCommandSchema.safeParse(raw);
  return parsed.success ? (parsed.data as SiegeCommand) : null;
}

/** The zod schema's answer alone, without the fast shape (for tests that compare the two). */
export function parseCommandWithZod(raw: unknown): SiegeCommand | null {
  const parsed = SiegeCommandSchema.safeParse(raw);
  return parsed.success ? (parsed.data as SiegeCommand) : null;
}

/** The fast shape's answer alone: zod's copy, or null where it defers to zod (for tests). */
export function parseCommandFast(raw: unknown): SiegeCommand | null {
  const quick = fast(raw);
  return quick === REFUSED ? null : (quick as SiegeCommand);
}
