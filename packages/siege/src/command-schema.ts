/**
 * The wire shape of Siege commands, validated with zod before any rule runs: a malformed command
 * is refused with `malformed_command` and changes nothing.
 */
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

/** Parses an untrusted value into a command (zod's copy of it), or returns null. */
export function parseCommand(raw: unknown): SiegeCommand | null {
  const parsed = SiegeCommandSchema.safeParse(raw);
  return parsed.success ? (parsed.data as SiegeCommand) : null;
}
