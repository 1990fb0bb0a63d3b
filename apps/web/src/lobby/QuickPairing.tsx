/**
 * "Quick pairing": a seek per game, rated or casual, with a clock (EMBER) and how far from my
 * rating an opponent may be (± points). While it waits the page asks the seek's state every
 * {@link SEEK_POLL_MS} and goes to the match once paired; "Cancel" withdraws it.
 */
import { useEffect, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { AccountError } from "../account/AccountError";
import { useAction } from "../account/use-action";
import { GameFields, clockOf, initialSettings, type GameSettings } from "./GameFields";
import type { PlayApi } from "./play-api";
import { seatPath } from "./OpenTablesList";
import type { RulesetListing } from "../rulesets/adapter";

/** How often (ms) a waiting seek's state is asked. */
export const SEEK_POLL_MS = 2000;
/** The ranges offered (± rating points); the default is the server's, 300. */
export const SEEK_RANGES = [100, 200, 300, 500, 1000] as const;

interface Props {
  readonly listings: readonly RulesetListing[];
  readonly play: PlayApi;
}

export function QuickPairing({ listings, play }: Props) {
  const { t } = useTranslation("play");
  const navigate = useNavigate();
  const { busy, error, run } = useAction();
  const [settings, setSettings] = useState<GameSettings>(() => initialSettings(listings));
  const [range, setRange] = useState<number>(300);
  const [seekId, setSeekId] = useState<string | null>(null);
  const [pollError, setPollError] = useState<{ code: string; message: string } | null>(null);

  useEffect(() => {
    if (!seekId) return;
    let live = true;
    const timer = setInterval(() => {
      play.seekStatus(seekId).then(
        (seek) => {
          if (!live) return;
          setPollError(null);
          if (seek.status === "paired" && seek.matchId) void navigate(seatPath(seek.matchId));
        },
        (e: { code?: string; message?: string }) => {
          if (!live) return;
          setPollError({ code: e.code ?? "network_error", message: e.message ?? "" });
          // A seek the server no longer has (lapsed) ends the wait.
          if (e.code === "not_found" || e.code === "seek_unavailable") setSeekId(null);
        },
      );
    }, SEEK_POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [seekId, play, navigate]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setPollError(null);
    const clock = clockOf(settings);
    const seek = await run(() => play.seek({ ruleset: settings.ruleset, rated: settings.rated, ratingRange: range, ...(clock ? { clock } : {}) }));
    if (!seek) return;
    if (seek.status === "paired" && seek.matchId) void navigate(seatPath(seek.matchId));
    else setSeekId(seek.seekId);
  };
  const cancel = async () => {
    const id = seekId;
    if (!id) return;
    setSeekId(null);
    await run(() => play.cancelSeek(id));
  };

  if (seekId) {
    return (
      <section className="play-card waiting" aria-labelledby="seek-title" aria-live="polite">
        <h2 id="seek-title">{t("seek.title")}</h2>
        <p className="waiting-line" role="status">
          <span className="spinner" aria-hidden="true" /> {t("seek.waiting", { range })}
        </p>
        <button type="button" onClick={() => void cancel()}>
          {t("seek.cancel")}
        </button>
        <AccountError error={pollError} />
      </section>
    );
  }
  return (
    <form className="play-card" aria-labelledby="seek-title" onSubmit={(e) => void submit(e)}>
      <h2 id="seek-title">{t("seek.title")}</h2>
      <p className="hint">{t("seek.explain")}</p>
      <GameFields listings={listings} value={settings} onChange={setSettings} noScenario />
      <label className="inline">
        {t("seek.range")}{" "}
        <select value={range} onChange={(e) => setRange(Number(e.target.value))}>
          {SEEK_RANGES.map((r) => (
            <option key={r} value={r}>
              ± {r}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="primary" disabled={busy || !settings.ruleset}>
        {busy ? t("working") : t("seek.submit")}
      </button>
      <AccountError error={error ?? pollError} />
    </form>
  );
}
