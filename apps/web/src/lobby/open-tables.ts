/**
 * Pure logic of the lobby's "Open tables": the list kept from the `lobby` room's messages
 * (`rooms`: the full list, `+`: a room added or changed, `-`: a room gone), whether I may take a
 * table (my own, out of its rating range, signed out), and the words of a table's options.
 */
import { TableListing, type Clock } from "./play-api";
export { scenarioLabel, scenariosOf, type ScenarioChoice } from "./scenario-names";

/** A rating before any rated game (Glicko-2's start). */
export const START_RATING = 1500;

/** The room name of an open table in the `lobby` room's listings. */
export const TABLE_ROOM = "table";

/** An open table in the list: its room's id and its listing. */
export interface OpenTable {
  readonly roomId: string;
  readonly table: TableListing;
}

/** One message of the `lobby` room. */
export type LobbyMessage = { type: "rooms"; rooms: unknown } | { type: "+"; entry: unknown } | { type: "-"; roomId: unknown };

/** An open table from a room listing `{ roomId, name, metadata }`, or null for any other room (or a malformed one). */
export function tableOf(listing: unknown): OpenTable | null {
  if (!listing || typeof listing !== "object") return null;
  const room = listing as { roomId?: unknown; name?: unknown; metadata?: unknown };
  if (typeof room.roomId !== "string" || (room.name !== undefined && room.name !== TABLE_ROOM)) return null;
  const parsed = TableListing.safeParse(room.metadata);
  return parsed.success ? { roomId: room.roomId, table: parsed.data } : null;
}

/** Newest first (by `createdAt`), then by room id: the order does not jump when one changes. */
function ordered(tables: OpenTable[]): OpenTable[] {
  return tables.sort((a, b) => (b.table.createdAt ?? 0) - (a.table.createdAt ?? 0) || a.roomId.localeCompare(b.roomId));
}

/** The list after one message of the `lobby` room (a new array; the old one is untouched). */
export function reduceTables(tables: readonly OpenTable[], message: LobbyMessage): OpenTable[] {
  switch (message.type) {
    case "rooms":
      return ordered((Array.isArray(message.rooms) ? message.rooms : []).flatMap((room) => tableOf(room) ?? []));
    case "+": {
      const [roomId, listing] = Array.isArray(message.entry) ? (message.entry as unknown[]) : [];
      if (typeof roomId !== "string") return [...tables];
      const rest = tables.filter((t) => t.roomId !== roomId);
      const table = tableOf({ ...(listing && typeof listing === "object" ? listing : {}), roomId });
      return ordered(table ? [...rest, table] : rest);
    }
    case "-":
      return tables.filter((t) => t.roomId !== message.roomId);
  }
}

/** Who looks at the list: signed out (null), else my name and my ratings per ruleset (duel). */
export type Viewer = { readonly name: string; readonly ratings: Readonly<Record<string, number>> } | null;

/** Why I cannot take a table: `signedOut`, `own` (mine), `belowRange`, `aboveRange`; null: I can. */
export type TakeBlock = "signedOut" | "own" | "belowRange" | "aboveRange" | null;

/** My rating for a ruleset: the one I have, else the starting rating. */
export function ratingFor(viewer: NonNullable<Viewer>, ruleset: string): number {
  return viewer.ratings[ruleset] ?? START_RATING;
}

/** Whether `rating` is inside `[min, max]` (a null or absent bound is open). */
export function inRange(rating: number, min: number | null | undefined, max: number | null | undefined): "belowRange" | "aboveRange" | null {
  if (min !== null && min !== undefined && rating < min) return "belowRange";
  if (max !== null && max !== undefined && rating > max) return "aboveRange";
  return null;
}

/** Why `viewer` cannot take `table` (null: it can). */
export function takeBlock(table: TableListing, viewer: Viewer): TakeBlock {
  if (!viewer) return "signedOut";
  if (table.ownerName === viewer.name) return "own";
  return inRange(ratingFor(viewer, table.ruleset), table.minRating, table.maxRating);
}

/** A table's rating range as words' parts: null without bounds. */
export function rangeOf(table: TableListing): { min: number | null; max: number | null } | null {
  const min = table.minRating ?? null;
  const max = table.maxRating ?? null;
  return min === null && max === null ? null : { min, max };
}

/** A clock as "10+5" (minutes + seconds per move), or null without one. */
export function clockText(clock: { minutes: number; incrementSeconds: number } | null | undefined): string | null {
  return clock ? `${clock.minutes}+${clock.incrementSeconds}` : null;
}

/** A rating range from the form's two fields (empty: no bound); `error` when they cannot be one. */
export function parseRange(min: string, max: string): { minRating?: number; maxRating?: number } | { error: "badRating" | "minAboveMax" } {
  const read = (text: string): number | undefined | null => {
    const trimmed = text.trim();
    if (trimmed === "") return undefined;
    const n = Number(trimmed);
    return Number.isInteger(n) && n >= 0 && n <= 4000 ? n : null;
  };
  const lo = read(min);
  const hi = read(max);
  if (lo === null || hi === null) return { error: "badRating" };
  if (lo !== undefined && hi !== undefined && lo > hi) return { error: "minAboveMax" };
  return { ...(lo !== undefined ? { minRating: lo } : {}), ...(hi !== undefined ? { maxRating: hi } : {}) };
}

/** The clocks offered for a clocked game ("minutes + seconds per move"); the first, none. */
export const CLOCK_CHOICES: readonly (Clock | null)[] = [null, { minutes: 5, incrementSeconds: 3 }, { minutes: 10, incrementSeconds: 5 }, { minutes: 15, incrementSeconds: 10 }, { minutes: 30, incrementSeconds: 20 }];

/** The rulesets whose lobby chooses a clock (the others run their own). */
export const CLOCKED_RULESETS: ReadonlySet<string> = new Set(["ember"]);
