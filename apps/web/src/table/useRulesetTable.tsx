/**
 * The route body every ruleset's table shares: given the match connection (`useMatch`), the
 * seat's projection (or, for a spectator of a delayed match, the caster feed with a switch back to
 * the live public view), the seat's legal commands (from the page's own package, or from an older
 * rules version's frozen build when the server plays the match under one), a command sender that
 * shows the server's refusal as a notice in the page's language, the event feed of the view shown,
 * the clocks (`ClockPanel`) and leaving the match (`AbandonmentPanel`: the claim offer and Concede,
 * the same protocol messages and words in every ruleset; each view places it in its action bar).
 * A ruleset's table (src/rulesets/<id>/) calls it and renders its own view.
 */
import { useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { MatchConnection, CommandResult } from "../net/useMatch";
import type { VersionedRuleset } from "@fogwar/rules-archive/frozen";
import { useOlderRules, type OlderRules } from "./rules-version";
import { withImposed } from "./clock";
import { ClockPanel } from "./ClockPanel";
import { AbandonmentPanel } from "./Abandonment";
import { OlderRulesVersion } from "./aids";
import { firstWordedKey } from "./code-words";
import "./aids.css";
import "../i18n/table-strings";

/** The banner `banner` (a node, or a function given what to show inside it) with `children` inside, or after it when it is a node. */
export function bannerWith(banner: ReactNode | ((children?: ReactNode) => ReactNode), children?: ReactNode): ReactNode {
  if (typeof banner === "function") return banner(children);
  return (
    <>
      {banner}
      {children}
    </>
  );
}

/** A ruleset's part of the shared route body. */
export interface RulesetTableSpec<V, C> {
  /** The ruleset id (for an older rules version's frozen build). */
  readonly id: string;
  /** The version the page's own package implements (its `RULES_VERSION`). */
  readonly rulesVersion: string;
  /** The connection's view as this ruleset's view, or null (none yet, or another shape). */
  readonly asView: (view: unknown) => V | null;
  /** The seat's legal commands on its own projection (the page's own package). */
  readonly legal: (view: V, seat: string) => C[];
  /** The view's round (the caster switch says how many rounds it trails); absent: not said. */
  readonly round?: (view: V) => number;
  /** The caster switch's note on what the feed shows; absent: none. */
  readonly casterNote?: string;
  /**
   * Where the ruleset's words for the codes it refuses a command with are: `errors`, the namespace
   * and key prefix of one sentence per code ("siege:errors"); `rejected`, the key of the words put
   * around it (absent: the table's "Refused: …"). Absent: the app's own error words only.
   */
  readonly errorWords?: { readonly errors: string; readonly rejected?: string };
}

/** What the shared route body gives a ruleset's table. */
export interface RulesetTableState<V, C> {
  /** The seat's (or the public) live view, null until it arrives. */
  readonly live: V | null;
  /** The view shown: the caster feed or the live view (with a result the clocks imposed), null until one arrives. */
  readonly view: V | null;
  readonly legal: C[];
  /** The older rules version's rules, null when the page's own package plays the match. */
  readonly older: OlderRules | null;
  /** The shown feed's events, one entry per command. */
  readonly events: { seq: number; events: unknown[] }[];
  /** Sends a command; a refusal becomes the notice. */
  readonly send: (command: C) => void;
  /** The notice to show (an unplayable older version, or the last refusal), or null. */
  readonly notice: string | null;
  /** The caster switch (spectators of a delayed match), or null. */
  readonly casterSwitch: ReactNode;
  /** The line saying the aids (odds, why an action is missing) are left out under an older rules version (./aids.tsx), or null. */
  readonly olderNote: ReactNode;
  /** `node` with the match's rules version provided to the aids inside it (./aids.tsx). */
  readonly withAids: (node: ReactNode) => ReactNode;
  /** The clocks, named for people by `nameOf`. */
  readonly clock: (nameOf: (clockOrSeat: string) => string) => ReactNode;
  /**
   * Leaving the match (`AbandonmentPanel`): the claim offer against another side's absent seat and
   * Concede, for a seated player while the match is live; seats named by `nameOf`, grouped in
   * sides by `sideOf`.
   */
  readonly abandonment: (nameOf: (seat: string) => string, sideOf: (seat: string) => string) => ReactNode;
  /** Whether a result the log imposed (a claim, a lost clock) ended the match. */
  readonly imposed: boolean;
  /** The table before its first view: `header`, then "Waiting for the table…" unless the connection failed or closed. */
  readonly waiting: (className: string, header: ReactNode) => ReactNode;
}

/**
 * The legal commands of `seat` on `view` under `older` rules when set (none while they load or
 * when they failed), else `own(view, seat)`. `pick` reads the frozen ruleset's method.
 */
export function legalUnder<C>(older: OlderRules | null, own: () => C[], pick: (rules: VersionedRuleset["ruleset"]) => unknown[] | undefined): C[] {
  if (!older) return own();
  return older.status === "ready" ? ((pick(older.rules.ruleset) ?? []) as C[]) : [];
}

/** The shared route body for `seat` (null: a spectator) on `match`; see the module comment. */
export function useRulesetTable<V extends { readonly phase: string; readonly result: unknown }, C extends { readonly type: string }>(
  spec: RulesetTableSpec<V, C>,
  match: MatchConnection,
  seat: string | null,
): RulesetTableState<V, C> {
  const { t, i18n } = useTranslation("table");
  const [notice, setNotice] = useState<string | null>(null);
  const [showCaster, setShowCaster] = useState(true);
  const live = spec.asView(match.view);
  const casterView = seat === null ? spec.asView(match.caster?.view) : null;
  const useCaster = casterView !== null && showCaster;
  const imposed = match.clock?.field.imposed ?? null;
  const shown = useCaster ? casterView : live;
  // A result the log imposed (lost on time, a claim) ends the table although the rules' state goes on.
  const view = useMemo(() => (shown && !useCaster ? withImposed(shown, match.clock) : shown), [shown, useCaster, match.clock]);
  // An older rules version's commands come from its own rules (none until they are loaded).
  const older = useOlderRules(spec.id, match.welcome?.rulesVersion, spec.rulesVersion);
  const legal = useMemo(
    () => (!live || !seat || imposed ? [] : legalUnder<C>(older, () => spec.legal(live, seat), (r) => r.legalCommandsInView?.(live, seat))),
    // The spec's functions are the ruleset's own, fixed for the page's life.
    [live, seat, imposed, older],
  );
  const feed = useCaster ? "caster" : "live";
  const events = useMemo(() => match.events.filter((e) => e.feed === feed).map((e) => ({ seq: e.seq, events: e.events })), [match.events, feed]);
  // A refusal in the page's language: the ruleset's words for its code, else the app's own (a
  // protocol code such as rate_limited), else a sentence naming the code. The server's message is
  // English and is never shown.
  const refusal = (code: string): string => {
    const key = firstWordedKey(i18n, [spec.errorWords ? `${spec.errorWords.errors}.${code}` : null, `common:errors.${code}`]);
    return key ? t(spec.errorWords?.rejected ?? "actions.rejected", { message: t(key) }) : t("actions.refusedCode", { code });
  };
  const send = (command: C) => {
    setNotice(null);
    void match.send(command).then((r: CommandResult) => {
      if (!r.ok) setNotice(refusal(r.error.code));
    });
  };
  const delay = match.welcome?.spectatorDelay ?? 0;
  const behind = spec.round && live && casterView ? Math.max(delay, spec.round(live) - spec.round(casterView)) : delay;
  const casterSwitch = casterView && (
    <p className="caster-switch">
      <strong>{useCaster ? (spec.round ? `${t("caster.title")}: ${t("caster.behind", { count: behind })}` : t("caster.title")) : t("spectating")}</strong>{" "}
      {useCaster && spec.casterNote && <span>{spec.casterNote} </span>}
      <button type="button" onClick={() => setShowCaster((v) => !v)}>
        {useCaster ? t("caster.showLive") : t("caster.show")}
      </button>
    </p>
  );
  const olderVersion = older ? (match.welcome?.rulesVersion ?? null) : null;
  const unplayable = older?.status === "failed" ? t("olderRules.live", { version: match.welcome?.rulesVersion, detail: older.detail }) : null;
  return {
    live,
    view,
    legal,
    older,
    events,
    send,
    notice: unplayable ?? notice,
    casterSwitch,
    olderNote: olderVersion && (
      <p className="older-aids" role="note">
        {t("olderRules.noAids", { version: olderVersion })}
      </p>
    ),
    withAids: (node) => <OlderRulesVersion.Provider value={olderVersion}>{node}</OlderRulesVersion.Provider>,
    clock: (nameOf) => <ClockPanel info={match.clock ?? null} seat={seat} nameOf={nameOf} onCorrespondence={match.correspondence} seats={match.welcome?.players?.map((p) => p.seat)} />,
    abandonment: (nameOf, sideOf) => (
      <AbandonmentPanel info={match.clock ?? null} seat={seat} over={imposed !== null || !live || Boolean(live.result)} nameOf={nameOf} sideOf={sideOf} onClaim={match.claim} onConcede={match.concede} />
    ),
    imposed: imposed !== null,
    waiting: (className, header) => (
      <section className={className}>
        {header}
        {match.status !== "failed" && match.status !== "closed" && <p className="loading">{t("waitingForState")}</p>}
      </section>
    ),
  };
}
