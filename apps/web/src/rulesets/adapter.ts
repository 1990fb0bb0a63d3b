/**
 * What the web app's shells (the table route, the review page, the lobby) need from a ruleset:
 * one object per ruleset, the named export `adapter` of
 * `src/rulesets/<id>/index.ts`, found by ./registry.ts. The shells compare no ruleset id; they
 * ask the registry for the adapter of the id the server names.
 *
 * An adapter is loaded with the lobby's first page, so it must stay small: ids, words that the
 * lobby needs at once (a result's reason), and loaders (`() => import(...)`) for everything else,
 * each its own chunk fetched when a page needs it.
 */
import type { ComponentType, ReactNode } from "react";
import type { TFunction } from "i18next";
import type { BotLevel, CreateMatchRequest, CreateMatchResponse } from "@fogwar/protocol";
import type { Api, MatchHistory, RulesetsResponse } from "../api";
import type { MatchConnection } from "../net/useMatch";
import type { BotSeats } from "../table/BotNote";

/** What the table route gives a ruleset's table: the open connection and the seat. */
export interface RulesetTableProps {
  readonly matchId: string;
  /** The viewer's seat; null for a spectator. */
  readonly seat: string | null;
  readonly match: MatchConnection;
  /**
   * The connection banner: a function given what to show inside it (the caster switch, or
   * nothing), or a finished node (shown as is; see `bannerWith`).
   */
  readonly banner: ReactNode | ((children?: ReactNode) => ReactNode);
  /** Seats the server's bot plays (seat to level). */
  readonly bots?: BotSeats;
}

/** What the review page gives a ruleset's review: the match's history (`GET /api/matches/:id/history`). */
export interface RulesetReviewProps {
  readonly matchId: string;
  readonly history: MatchHistory;
}

/** A ruleset's review parts: the full replay of a finished match, and the public log of a live one. */
export interface RulesetReview {
  /** A finished match rebuilt in the browser (needs the history's setup and seed). */
  readonly Review: ComponentType<RulesetReviewProps>;
  /** What a spectator may see: the public log (a live match, or one ended with secrets kept). */
  readonly LiveHistory: ComponentType<{ readonly history: MatchHistory }>;
}

/** One hosted ruleset's entry of `GET /api/rulesets` (its own shape; the form reads it). */
export type RulesetListing = RulesetsResponse["rulesets"][number];

/** What the lobby gives a ruleset's create form. */
export interface RulesetCreateFormProps {
  readonly api: Api;
  /** This ruleset's listing; the form reads it with its own schema (shows nothing when unreadable). */
  readonly listing: RulesetListing;
  /** Every hosted ruleset's listing (a form that offers several rulesets of one shape reads them). */
  readonly listings: readonly RulesetListing[];
  readonly onCreated: (created: CreateMatchResponse) => void;
}

/** A ruleset as the web app's shells see it. */
export interface RulesetAdapter {
  /** The ruleset id the server names (`RULESET_ID` of its package). */
  readonly id: string;
  /** The table route body (its own chunk). */
  readonly loadTable: () => Promise<ComponentType<RulesetTableProps>>;
  /** The review page's replay and live log (its own chunk). */
  readonly loadReview: () => Promise<RulesetReview>;
  /** The lobby's create form (its own chunk); absent: the lobby offers no form. */
  readonly loadCreateForm?: () => Promise<ComponentType<RulesetCreateFormProps>>;
  /**
   * When set, the lobby shows the create form folded under a summary (this key of the `lobby`
   * namespace) and loads the form and its strings only when opened.
   */
  readonly foldCreateForm?: string;
  /**
   * Why a match ended, in words, for the lobby's lists and the review's header (`t` reads the
   * `common` namespace, loaded with the lobby); absent: the result names the winners only.
   */
  readonly endReason?: (t: TFunction, reason: string) => string;
  /**
   * Whether the ruleset has a how-to-play guide (`/how-to-play/<id>`): its text is the `guide`
   * namespace's `<id>.*` and its part is `src/rulesets/<id>/guide.ts` (a {@link RulesetGuide});
   * the lobby and the tables link to it.
   */
  readonly hasGuide?: boolean;
}

/**
 * A ruleset's part of its how-to-play page: the named export `guide` of
 * `src/rulesets/<id>/guide.ts`, found by ./guide-discovery.ts (loaded with the guide page only).
 * It loads the strings its reference names.
 */
export interface RulesetGuide {
  readonly id: string;
  /** The quick reference in the reader's language (`t` reads every namespace): [term, explanation] rows. */
  readonly reference: (t: TFunction) => readonly (readonly [string, string])[];
  /** Numbers the guide's text quotes from the rules' data (its `{{name}}` values); absent: none. */
  readonly numbers?: Readonly<Record<string, number>>;
}

/** What a ruleset's options in the lobby's "play against the bot" form are given. */
export interface BotOptionsProps<L, S> {
  /** The form's id prefix (for the options' element ids). */
  readonly id: string;
  readonly listing: L;
  readonly state: S;
  readonly onChange: (state: S) => void;
}

/**
 * A ruleset's part of the lobby's "play against the bot" form: the named export `bot` of
 * `src/rulesets/<id>/bot.tsx`, found by ./bot-discovery.ts (loaded with that form only).
 * `L` is the ruleset's listing as its schema reads it, `S` the state of its options.
 */
export interface BotFormPart<L = unknown, S = unknown> {
  readonly id: string;
  /** This ruleset's listing of `GET /api/rulesets` as the part reads it, or null (not offered). */
  readonly read: (listing: unknown) => L | null;
  /** The options' first state for `listing`. */
  readonly initial: (listing: L) => S;
  /** The options' controls (none: the ruleset needs no choice). */
  readonly Options?: ComponentType<BotOptionsProps<L, S>>;
  /**
   * The match request: the person named `me` against the server's bot named `bot.name` at
   * `bot.level`; null when the listing offers nothing to play.
   */
  readonly request: (listing: L, state: S, me: string, bot: { readonly name: string; readonly level: BotLevel }) => CreateMatchRequest | null;
}
