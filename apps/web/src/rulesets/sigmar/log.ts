/**
 * The battle log's lines, folded for reading (the log display only; the events themselves are
 * untouched): an event that only repeats what the next line of the same unit or seat says is
 * left out, and a list locked then unlocked reads as one line.
 *
 * - a list locked and later unlocked by the same seat (before anything else of its own): one line,
 *   "Ana locked a list, then unlocked it to change it" (the unlock's place);
 * - a run's, charge's or retreat's roll (`run_rolled`, `charge_rolled`, `retreat_declared`) and the
 *   move it allowed (`moved` of that kind, same unit): the roll's line only (it names the move);
 * - a unit picked to fight (`fight_picked`) and its attacks (`attacks`, same unit): the attacks';
 * - a token put on a unit right after the ability that put it (`ability_used` naming that unit):
 *   the ability's line only; a token removed (it names nothing a player can act on): left out.
 */
import type { SigmarEvent } from "@fogwar/sigmar";
import type { EventBatch } from "../../table/view-props";

/** A folded line of the log: a list locked, then unlocked to change it. */
export interface ListReopened {
  readonly type: "list_reopened";
  readonly seat: string;
}

/** What the folded log holds: the events kept, and the folded lines. */
export type LogEvent = SigmarEvent | ListReopened;

/** Which move kind each roll event announces. */
const ROLLED = { run_rolled: "run", charge_rolled: "charge", retreat_declared: "retreat" } as const;

/** `events` (batches in order) with the pairs above folded; batches left empty stay (no line). */
export function foldLog(events: readonly EventBatch<SigmarEvent>[]): EventBatch<LogEvent>[] {
  const flat = events.flatMap((b, bi) => b.events.map((e, i) => ({ bi, i, e })));
  const drop = new Set<string>();
  const reopened = new Set<string>();
  const key = (x: { bi: number; i: number }) => `${x.bi}:${x.i}`;
  flat.forEach((x, n) => {
    const e = x.e;
    const later = flat.slice(n + 1);
    if (e.type === "army_locked") {
      const next = later.find((y) => "seat" in y.e && y.e.seat === e.seat);
      if (next?.e.type === "army_unlocked") {
        drop.add(key(x));
        reopened.add(key(next));
      }
    } else if (e.type in ROLLED) {
      const kind = ROLLED[e.type as keyof typeof ROLLED];
      const unit = (e as { unit: string }).unit;
      const move = later.find((y) => "unit" in y.e && y.e.unit === unit);
      if (move?.e.type === "moved" && move.e.kind === kind) drop.add(key(move));
    } else if (e.type === "fight_picked") {
      const next = later.find((y) => y.e.type === "attacks" || y.e.type === "fight_picked" || y.e.type === "fight_declined");
      if (next?.e.type === "attacks" && next.e.unit === e.unit) drop.add(key(x));
    } else if (e.type === "token_placed") {
      const before = flat[n - 1]?.e;
      if (before?.type === "ability_used" && before.targets.includes(e.unit)) drop.add(key(x));
    } else if (e.type === "token_removed") drop.add(key(x));
  });
  return events.map((b, bi) => ({
    seq: b.seq,
    events: b.events.flatMap((e, i): LogEvent[] => (drop.has(`${bi}:${i}`) ? [] : reopened.has(`${bi}:${i}`) && e.type === "army_unlocked" ? [{ type: "list_reopened", seat: e.seat }] : [e])),
  }));
}
