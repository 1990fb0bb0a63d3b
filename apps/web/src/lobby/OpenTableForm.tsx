/**
 * "Open a table": the game, scenario, rated or casual, a clock (EMBER) and an optional rating
 * range for the taker; then "Waiting for an opponent…" with "Cancel", connected to the table's
 * room: when someone takes it, the owner goes to the new match's table. A table that closes
 * otherwise (the server's grace ran out) says so.
 */
import { useEffect, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { AccountError } from "../account/AccountError";
import { useAction } from "../account/use-action";
import { GameFields, initialSettings, timeOptionsOf, type GameSettings } from "./GameFields";
import { parseRange } from "./open-tables";
import type { PlayApi } from "./play-api";
import { seatPath } from "./OpenTablesList";
import { watchTable, type LobbyClient } from "./use-lobby-room";
import type { RulesetListing } from "../rulesets/adapter";

interface Props {
  readonly listings: readonly RulesetListing[];
  readonly play: PlayApi;
  readonly client?: LobbyClient;
}

export function OpenTableForm({ listings, play, client }: Props) {
  const { t } = useTranslation("play");
  const navigate = useNavigate();
  const { busy, error, run } = useAction();
  const [settings, setSettings] = useState<GameSettings>(() => initialSettings(listings));
  const [min, setMin] = useState("");
  const [max, setMax] = useState("");
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [tableId, setTableId] = useState<string | null>(null);
  const [lost, setLost] = useState<string | null>(null);

  useEffect(() => {
    if (!tableId) return;
    return watchTable(
      tableId,
      (taken) => void navigate(seatPath(taken.matchId, taken.seat)),
      (code) => {
        setTableId(null);
        setLost(code);
      },
      client,
    );
  }, [tableId, navigate, client]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const range = parseRange(min, max);
    if ("error" in range) {
      setRangeError(range.error);
      return;
    }
    setRangeError(null);
    setLost(null);
    const opened = await run(() => play.openTable({ ruleset: settings.ruleset, scenario: settings.scenario, options: { rated: settings.rated, ...timeOptionsOf(settings) }, ...range }));
    if (opened) setTableId(opened.tableId);
  };
  const cancel = async () => {
    const id = tableId;
    if (!id) return;
    setTableId(null);
    await run(() => play.closeTable(id));
  };

  if (tableId) {
    return (
      <section className="play-card waiting" aria-labelledby="open-table-title" aria-live="polite">
        <h2 id="open-table-title">{t("open.title")}</h2>
        <p className="waiting-line" role="status">
          <span className="spinner" aria-hidden="true" /> {t("open.waiting")}
        </p>
        <p className="hint">{t("open.waitingHint")}</p>
        <button type="button" onClick={() => void cancel()}>
          {t("open.cancel")}
        </button>
      </section>
    );
  }
  return (
    <form className="play-card" aria-labelledby="open-table-title" onSubmit={(e) => void submit(e)}>
      <h2 id="open-table-title">{t("open.title")}</h2>
      <p className="hint">{t("open.explain")}</p>
      <GameFields listings={listings} value={settings} onChange={setSettings} />
      <fieldset className="range">
        <legend>{t("fields.range")}</legend>
        <label>
          {t("fields.min")} <input inputMode="numeric" value={min} maxLength={4} placeholder="—" onChange={(e) => setMin(e.target.value)} />
        </label>
        <label>
          {t("fields.max")} <input inputMode="numeric" value={max} maxLength={4} placeholder="—" onChange={(e) => setMax(e.target.value)} />
        </label>
      </fieldset>
      {rangeError && (
        <p className="error" role="alert">
          ⚠ {t(`fields.${rangeError}`)}
        </p>
      )}
      {lost && (
        <p className="error" role="alert">
          ⚠ {t(`open.lost.${lost}`, { defaultValue: t("open.lost.table_closed") })}
        </p>
      )}
      <button type="submit" className="primary" disabled={busy || !settings.scenario}>
        {busy ? t("working") : t("open.submit")}
      </button>
      <AccountError error={error} />
    </form>
  );
}
