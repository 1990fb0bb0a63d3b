/**
 * The heuristic bot's muster (project core rule C2): which list it locks. It fields the units of a
 * sample list chosen from what its own seat knows (`listFor` in bot.ts), and, given a secret seed of
 * its own, picks that list's reserve among every valid variant: the reserve is secret until each
 * unit arrives (seed 003 24.1), and a reserve fixed by the sample list would be known to anyone who
 * saw the units fielded (reserve = sample list − battlefield).
 */
import { Random, rngStateFromSeed, type SeatId } from "@fogwar/engine";
import { armyProblems } from "./army";
import { catalog, type ArmyList } from "./data";
import { apply } from "./ruleset";
import { stateFromView, type SigmarView } from "./view";
import type { SigmarCommand } from "./types";

type Lock = Extract<SigmarCommand, { type: "lock_army" }>;
type Entry = ArmyList["units"][number];

/** The multisets of `k` warscroll ids of `ids` (each in `ids`' order, repeats allowed). */
function picks(ids: readonly string[], k: number, from = 0): string[][] {
  if (k === 0) return [[]];
  return ids.slice(from).flatMap((id, i) => picks(ids, k - 1, from + i).map((rest) => [id, ...rest]));
}

/**
 * The reserve variants of `list` (core rule C2, seed 003 24.1): its units on the battlefield as they
 * are, and in reserve as many units as `list` holds there, each a warscroll of its faction without an
 * enhancement, every variant valid (`armyProblems`: the points limit, at most one enhancement...).
 * `list` itself comes first; the others follow in the faction's warscroll order, without repeats.
 */
export function reserveVariants(list: ArmyList): ArmyList[] {
  const field = list.units.filter((u) => !u.reserve);
  const count = list.units.length - field.length;
  const ids = catalog.factions.get(list.faction)?.warscrolls.map((w) => w.id) ?? [];
  const out: ArmyList[] = [list];
  const seen = new Set([JSON.stringify(list.units.filter((u) => u.reserve))]);
  for (const reserve of count > 0 ? picks(ids, count) : []) {
    const held: Entry[] = reserve.map((warscroll) => ({ warscroll, reserve: true }));
    const units = [...field, ...held];
    const key = JSON.stringify(held);
    if (seen.has(key) || armyProblems({ ...list, units }).length > 0) continue;
    seen.add(key);
    out.push({ ...list, units });
  }
  return out;
}

/**
 * The lock the heuristic bot of `seat` sends in the muster (core rule C2): `preferred` (a sample
 * list's name; the first listed when that one is not offered), null once its own list is locked.
 * With `seed` (its own secret, never shown to a seat), the reserve is one of the list's
 * {@link reserveVariants}, drawn from the seed's own stream: the same view and seed give the same
 * list, and nothing the other seat sees tells which. The variant is checked by the rules on the
 * bot's projection (the other seat's lock set aside: its list is not there to reveal); were it
 * refused, the listed lock is sent. Without a seed, the listed lock.
 */
export function musterLock(view: SigmarView, seat: SeatId, legal: readonly SigmarCommand[], preferred: string, seed?: string): SigmarCommand | null {
  const locks = legal.filter((c): c is Lock => c.type === "lock_army");
  const listed = locks.find((c) => c.army.name === preferred) ?? locks[0] ?? null;
  if (!listed || seed === undefined) return listed;
  const variants = reserveVariants(listed.army);
  const army = variants[new Random(rngStateFromSeed(seed, "sigmar-bot-reserve")).int(0, variants.length - 1)]!;
  const command: Lock = { type: "lock_army", army };
  // The rules on the projection, as if the other seat had not locked yet: its list is not in the
  // projection, so a lock completing the muster could not be revealed there.
  const s = stateFromView(view);
  for (const other of s.seats) if (other !== seat) s.muster.seats[other] = { ...s.muster.seats[other]!, commitment: null };
  return apply(s, command, seat).ok ? command : listed;
}
