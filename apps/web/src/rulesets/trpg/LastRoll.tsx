/**
 * The newest roll's outcome in the action bar (seed 002 3-4 to 3-6: hit, dodge, penetration,
 * wounds, incapacitation and death, death saves, heals, shoves, the game master's checks): the
 * lines of the newest command that rolled, as the dice log words them, so a player sees what a
 * confirmed action did, and what the other side's last roll did while they waited, where they
 * act (the log stands far below the bar on a phone). Brought into the bar's sight when a new one
 * arrives on the viewer's own move (on a phone the bar stays scrolled to the Confirm pressed), by
 * scrolling the bar only. On a phone it shows two lines until opened (../../table/ClampedNote.tsx),
 * so the turn's first buttons stay above the bar's edge. The table leaves it out once the match is over (the match-end banner says
 * why, and on a phone the bar would cover the board with it).
 */
import { useEffect, useRef } from "react";
import type { TrpgEvent } from "@fogwar/trpg";
import type { EventBatch } from "../../table/view-props";
import { describeEvent, type TrpgWords } from "./words";
import { ClampedNote } from "../../table/ClampedNote";

/** The events that tell a roll's outcome. */
const OUTCOMES: ReadonlySet<TrpgEvent["type"]> = new Set(["attack", "dodge", "penetration", "damaged", "incapacitated", "died", "death_save", "stabilised", "healed", "shove", "check", "hazard"]);

/** The newest batch of `events` with a roll's outcome: its key and the outcome's events, or null. */
export function lastRoll(events: readonly EventBatch<TrpgEvent>[]): { readonly seq: number; readonly events: readonly TrpgEvent[] } | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const outcome = events[i]!.events.filter((e) => OUTCOMES.has(e.type));
    if (outcome.length > 0) return { seq: events[i]!.seq, events: outcome };
  }
  return null;
}

/** The newest roll's outcome (see the module comment); `mine`: the viewer is awaited (a new one is then scrolled into the bar's sight). */
export function LastRoll({ events, w, mine }: { events: readonly EventBatch<TrpgEvent>[]; w: TrpgWords; mine: boolean }) {
  const last = lastRoll(events);
  const ref = useRef<HTMLElement>(null);
  const seq = last?.seq ?? null;
  useEffect(() => {
    const el = ref.current;
    const bar = el?.closest(".action-bar");
    if (seq === null || !mine || !el || !bar) return;
    // The bar alone scrolls (up, to the outcome above its sight), never the page: on a phone the
    // page keeps the board where the turn's character was brought into sight.
    const above = bar.getBoundingClientRect().top - el.getBoundingClientRect().top;
    if (above > 0) bar.scrollTop -= above;
  }, [seq, mine]);
  if (!last) return null;
  const lines = last.events.map((e) => describeEvent(w, e)).filter(Boolean);
  if (lines.length === 0) return null;
  return (
    <ClampedNote className="last-roll" sectionRef={ref} label={w.t("lastRoll")} noteKey={last.seq}>
      <h3>{w.t("lastRoll")}</h3>
      <ul>
        {lines.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ul>
    </ClampedNote>
  );
}
