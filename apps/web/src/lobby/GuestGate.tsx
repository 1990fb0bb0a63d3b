/**
 * What the lobby's play sections show a signed-out visitor: "Play as guest" right here (a guest
 * account at once, `POST /api/auth/guest`, with an optional name; no page change), or a link to
 * sign in.
 */
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { MeResponse } from "@fogwar/protocol";
import { accountApi, type AccountApi } from "../account/account-api";
import { AccountError } from "../account/AccountError";
import { useAction } from "../account/use-action";

export function GuestGate({ onSignedIn, api = accountApi }: { onSignedIn: (me: MeResponse) => void; api?: AccountApi }) {
  const { t } = useTranslation("play");
  const { busy, error, run } = useAction();
  const [name, setName] = useState("");
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const me = await run(() => api.guest(name.trim() || undefined));
    if (me) onSignedIn(me);
  };
  return (
    <form className="guest-gate" onSubmit={(e) => void submit(e)}>
      <p>{t("guest.explain")}</p>
      <div className="row">
        <label>
          {t("guest.name")}{" "}
          <input value={name} maxLength={24} minLength={2} autoComplete="nickname" placeholder={t("guest.namePlaceholder")} onChange={(e) => setName(e.target.value)} />
        </label>
        <button type="submit" className="primary" disabled={busy}>
          {busy ? t("working") : t("guest.play")}
        </button>
        <Link to="/account">{t("guest.signIn")}</Link>
      </div>
      <AccountError error={error} />
    </form>
  );
}
