/**
 * `/account`: signed out, the sign-in and register forms ({@link SignedOut}); signed in, the
 * account's name and kind, a guest's invitation to keep its games (a passkey, or e-mail and
 * password), adding a passkey, signing out, a new name and deleting the account ({@link AccountSettings}).
 */
import { useEffect, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { MeResponse } from "@fogwar/protocol";
import { Loading } from "../ui";
import { accountApi, type AccountApi } from "./account-api";
import { AccountError } from "./AccountError";
import { AccountSettings } from "./AccountSettings";
import { SignedOut } from "./SignedOut";
import { useAction } from "./use-action";
import "./account.css";

type Account = NonNullable<MeResponse["account"]>;

function KeepWithPassword({ api, account, onChange }: { api: AccountApi; account: Account; onChange: (me: MeResponse) => void }) {
  const { t } = useTranslation("account");
  const { busy, error, run } = useAction();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const me = await run(() => api.register(account.name, email.trim(), password));
    if (me) onChange(me);
  };
  return (
    <form onSubmit={(e) => void submit(e)}>
      <label>
        {t("field.email")}
        <input type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <label>
        {t("field.newPassword")}
        <input type="password" autoComplete="new-password" required minLength={10} maxLength={200} value={password} onChange={(e) => setPassword(e.target.value)} />
      </label>
      <button type="submit" disabled={busy}>
        {busy ? t("working") : t("guest.password")}
      </button>
      <AccountError error={error} />
    </form>
  );
}

function SignedIn({ api, account, onChange }: { api: AccountApi; account: Account; onChange: (me: MeResponse) => void }) {
  const { t } = useTranslation("account");
  const { busy, error, run } = useAction();
  const [added, setAdded] = useState(false);
  const addPasskey = async () => {
    const me = await run(() => api.addPasskey());
    if (me) {
      setAdded(true);
      onChange(me);
    }
  };
  const signOut = async () => {
    const me = await run(() => api.signOut());
    if (me) onChange(me);
  };
  return (
    <div className="account-grid">
      <section className="account-card" aria-labelledby="account-title">
        <h2 id="account-title">{account.name}</h2>
        <dl className="account-facts">
          <dt>{t("kind.label")}</dt>
          <dd>{t(`kind.${account.kind}`)}</dd>
          {account.email && (
            <>
              <dt>{t("field.email")}</dt>
              <dd>{account.email}</dd>
            </>
          )}
          <dt>{t("passkeys.label")}</dt>
          <dd>{t("passkeys.count", { count: account.passkeys })}</dd>
        </dl>
        <p className="account-links">
          <Link to="/games">{t("games.open")}</Link>
          <Link to="/account/notifications">{t("notifications")}</Link>
        </p>
        <div className="account-actions">
          <button type="button" className="primary" disabled={busy} onClick={() => void addPasskey()}>
            {t("passkeys.add")}
          </button>
          <button type="button" disabled={busy} onClick={() => void signOut()}>
            {t("signOut")}
          </button>
        </div>
        {added && <p role="status">{t("passkeys.added")}</p>}
        <AccountError error={error} />
      </section>
      <AccountSettings api={api} account={account} onChange={onChange} />
      {account.kind === "guest" && (
        <section className="account-card account-invite" aria-labelledby="guest-title">
          <h2 id="guest-title">{t("guest.title")}</h2>
          <p>{t("guest.explain")}</p>
          <KeepWithPassword api={api} account={account} onChange={onChange} />
        </section>
      )}
    </div>
  );
}

/** The account page over `api` (default: this origin's). */
export function AccountPage({ api = accountApi }: { api?: AccountApi }) {
  const { t } = useTranslation("account");
  const [me, setMe] = useState<MeResponse | null>(null);
  const { error, run } = useAction();
  useEffect(() => {
    void run(() => api.me()).then((answer) => answer && setMe(answer));
  }, [api, run]);
  return (
    <div className="account-page">
      <h1>{t("title")}</h1>
      {error && !me ? <AccountError error={error} /> : !me ? <Loading what={t("loading")} /> : me.account ? <SignedIn api={api} account={me.account} onChange={setMe} /> : <SignedOut api={api} passwordReset={me.passwordReset} onSignedIn={setMe} />}
    </div>
  );
}
