/**
 * "Report this match" on a finished match's review page: a reason (1 to 500 characters) sent to
 * the operators (`POST /api/reports`). Shown to a signed-in player only (a guest counts).
 */
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { accountApi } from "../account/account-api";
import { AccountError } from "../account/AccountError";
import { useAction } from "../account/use-action";
import { playApi } from "../lobby/play-api";
import "../lobby/play.css";

/** The most characters of a report's reason. */
export const MAX_REASON = 500;

export function ReportMatch({ matchId }: { matchId: string }) {
  const { t } = useTranslation("social");
  const { busy, error, run } = useAction();
  const [signedIn, setSignedIn] = useState(false);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [sent, setSent] = useState(false);
  useEffect(() => {
    let live = true;
    accountApi.me().then((me) => live && setSignedIn(me.account !== null), () => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (!signedIn) return null;
  if (sent) return <p role="status">{t("report.sent")}</p>;
  if (!open) {
    return (
      <button type="button" className="report-open" onClick={() => setOpen(true)}>
        {t("report.open")}
      </button>
    );
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const done = await run(() => playApi.report(matchId, reason.trim()).then(() => true));
    if (done) setSent(true);
  };
  return (
    <form className="play-card report-form" onSubmit={(e) => void submit(e)}>
      <label>
        {t("report.reason")}
        <textarea required maxLength={MAX_REASON} rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />
      </label>
      <div className="account-actions">
        <button type="submit" className="primary" disabled={busy || reason.trim() === ""}>
          {busy ? t("working") : t("report.send")}
        </button>
        <button type="button" onClick={() => setOpen(false)}>
          {t("report.cancel")}
        </button>
      </div>
      <AccountError error={error} />
    </form>
  );
}
