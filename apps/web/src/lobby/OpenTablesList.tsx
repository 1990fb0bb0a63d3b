/**
 * "Open tables": the tables other players opened, live from the `lobby` room (./use-lobby-room.ts),
 * each with its owner (and rating), game, scenario, rated or casual, clock and rating range, and
 * a "Take a seat" button: disabled, with the reason in words, for my own table, a table whose
 * range excludes my rating, or while signed out. Taking it opens the new match's table.
 */
import { useState } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { AccountError } from "../account/AccountError";
import { useAction } from "../account/use-action";
import { Loading } from "../ui";
import { termsWords } from "../table/days";
import { clockText, rangeOf, ratingFor, scenarioLabel, takeBlock, type OpenTable, type Viewer } from "./open-tables";
import type { PlayApi } from "./play-api";
import type { RulesetListing } from "../rulesets/adapter";

/** The table page of my seat in `matchId` (the account's seat, found by `GET /api/me/seats`). */
export function seatPath(matchId: string, seat?: string): string {
  return `/play/${encodeURIComponent(matchId)}${seat ? `#seat=${encodeURIComponent(seat)}` : ""}`;
}

interface Props {
  readonly tables: readonly OpenTable[];
  readonly connected: boolean;
  readonly viewer: Viewer;
  readonly listings: readonly RulesetListing[];
  readonly play: PlayApi;
}

export function OpenTablesList({ tables, connected, viewer, listings, play }: Props) {
  const { t, i18n } = useTranslation("play");
  const { t: tl } = useTranslation("lobby");
  const { t: tc } = useTranslation("common");
  const navigate = useNavigate();
  const { busy, error, run } = useAction();
  const [taking, setTaking] = useState<string | null>(null);
  const scenarioName = (ruleset: string, scenario: string) => scenarioLabel(listings, ruleset, scenario, i18n.language);
  const take = async (tableId: string) => {
    setTaking(tableId);
    const taken = await run(() => play.takeTable(tableId));
    setTaking(null);
    if (taken) void navigate(seatPath(taken.matchId, taken.seat));
  };
  return (
    <section className="open-tables" aria-labelledby="open-tables-title">
      <h2 id="open-tables-title">
        {t("tables.title")} {connected && <span className="live-dot">● {t("tables.live")}</span>}
      </h2>
      {!connected && tables.length === 0 ? (
        <Loading what={t("tables.connecting")} />
      ) : tables.length === 0 ? (
        <p className="empty">{t("tables.none")}</p>
      ) : (
        <ul className="table-list" aria-label={t("tables.title")}>
          {tables.map(({ roomId, table }) => {
            const block = takeBlock(table, viewer);
            const range = rangeOf(table);
            const clock = clockText(table.options?.clock);
            return (
              <li key={roomId} className={`open-table${block === "own" ? " mine" : ""}`}>
                <span className="owner">
                  <strong>{table.ownerName}</strong> {table.ownerRating !== null && table.ownerRating !== undefined ? <span className="rating">({Math.round(table.ownerRating)})</span> : <span className="rating">({t("tables.unrated")})</span>}
                </span>
                <span className="game">
                  {tl(`rulesetName.${table.ruleset}` as "rulesetName.ember", { defaultValue: table.ruleset })} · {scenarioName(table.ruleset, table.scenario)}
                </span>
                <span className="terms">
                  <span>{table.options?.rated ? t("rated") : t("casual")}</span>
                  {clock && <span>{t("tables.clock", { clock })}</span>}
                  {table.options?.correspondence && <span>{tc("clock.correspondence", { days: termsWords(tc as never, table.options.correspondence).days })}</span>}
                  {range && <span>{t("tables.range", { min: range.min ?? "–", max: range.max ?? "–" })}</span>}
                </span>
                <span className="take">
                  {block === "own" ? (
                    <span className="mine-note">{t("tables.block.own")}</span>
                  ) : (
                    <button type="button" className="primary" disabled={block !== null || busy} aria-describedby={block ? `why-${roomId}` : undefined} onClick={() => void take(table.tableId)}>
                      {taking === table.tableId ? t("working") : t("tables.take")}
                    </button>
                  )}
                  {block && block !== "own" && (
                    <span id={`why-${roomId}`} className="why">
                      {t(`tables.block.${block}`, { rating: viewer ? ratingFor(viewer, table.ruleset) : "" })}
                    </span>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <AccountError error={error} />
    </section>
  );
}
