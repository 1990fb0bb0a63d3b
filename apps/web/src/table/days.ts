/**
 * Clock times in words, with no other import (so "my games" can use them without the table's
 * connection code): `m:ss` for real-time clocks, days and hours for correspondence clocks.
 */

/** `m:ss` (or `h:mm:ss`), rounding up so 0:00 shows only when the time is gone. */
export function formatClock(ms: number): string {
  const seconds = Math.ceil(Math.max(0, ms) / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const ss = String(s).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

/** A translation function (any namespace's: the keys used name the `common` namespace). */
type Words = (key: string, options: Record<string, unknown>) => string;

/**
 * A time left that may span days (correspondence clocks, "my games"): "2 d 4 h" from a day on
 * ("3 d" on a whole day),
 * "5 h 12 min" from an hour on, else `m:ss` ({@link formatClock}). Rounded down, except that
 * under an hour the seconds round up as on every clock. Words from the `common` namespace.
 */
export function formatDays(t: Words, ms: number): string {
  const left = Math.max(0, ms);
  const day = 86_400_000;
  const hour = 3_600_000;
  if (left >= day) {
    const [d, h] = [Math.floor(left / day), Math.floor((left % day) / hour)];
    return h === 0 ? t("clock.daysOnly", { ns: "common", d }) : t("clock.days", { ns: "common", d, h });
  }
  if (left >= hour) return t("clock.hours", { ns: "common", h: Math.floor(left / hour), m: Math.floor((left % hour) / 60_000) });
  return formatClock(left);
}

/** Correspondence terms in words: "3 days" per move and "7 days" of vacation. */
export function termsWords(t: Words, terms: { readonly daysPerMove: number; readonly vacationDays: number }): { days: string; vacation: string } {
  return { days: t("clock.dayCount", { ns: "common", count: terms.daysPerMove }), vacation: t("clock.dayCount", { ns: "common", count: terms.vacationDays }) };
}
