/**
 * `/account/reset#token=...`: a new password for the account of a reset link (the token is read
 * from the fragment, which browsers never send, and leaves the visible URL). Done, it signs in.
 */
import { useEffect, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { accountApi, type AccountApi } from "./account-api";
import { AccountError } from "./AccountError";
import { resetTokenOf } from "./games";
import { useAction } from "./use-action";
import "./account.css";


/** The reset page over `api` (default: this origin's). */
export function ResetPage({ api = accountApi }: { api?: AccountApi }) {
  const { t } = useTranslation("account");
  const [token] = useState(() => resetTokenOf(window.location.hash));
  // The token leaves the visible URL (and the history) once read.
  useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, "", window.location.pathname);
  }, []);
  const [password, setPassword] = useState("");
  const [done, setDone] = useState(false);
  const { busy, error, run } = useAction();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (token && (await run(() => api.completeReset(token, password)))) setDone(true);
  };
  return (
    <div className="account-page">
      <h1>{t("reset.title")}</h1>
      {done ? (
        <p role="status">
          {t("reset.done")} <Link to="/account">{t("title")}</Link>
        </p>
      ) : !token ? (
        <p className="error" role="alert">
          ⚠ {t("errors.invalid_reset")} <Link to="/account">{t("title")}</Link>
        </p>
      ) : (
        <form className="account-card" onSubmit={(e) => void submit(e)}>
          <label>
            {t("field.newPassword")}
            <input type="password" autoComplete="new-password" required minLength={10} maxLength={200} value={password} onChange={(e) => setPassword(e.target.value)} />
          </label>
          <button type="submit" className="primary" disabled={busy}>
            {busy ? t("working") : t("reset.submit")}
          </button>
          <AccountError error={error} />
        </form>
      )}
    </div>
  );
}
