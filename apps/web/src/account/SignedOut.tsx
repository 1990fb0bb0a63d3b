/**
 * The account page signed out: sign in (passkey, or e-mail and password), register (passkey, or
 * e-mail and password), and "forgot password" (a reset link by e-mail, or, when the server sends
 * no e-mail, the advice to sign in with a passkey).
 */
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { MeResponse } from "@fogwar/protocol";
import type { AccountApi } from "./account-api";
import { AccountError } from "./AccountError";
import { useAction } from "./use-action";

interface Props {
  readonly api: AccountApi;
  readonly passwordReset: boolean;
  readonly onSignedIn: (me: MeResponse) => void;
}

function SignIn({ api, onSignedIn }: Props) {
  const { t } = useTranslation("account");
  const { busy, error, run } = useAction();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const me = await run(() => api.signIn(email.trim(), password));
    if (me) onSignedIn(me);
  };
  const passkey = async () => {
    const me = await run(() => api.passkeySignIn());
    if (me) onSignedIn(me);
  };
  return (
    <section className="account-card" aria-labelledby="sign-in-title">
      <h2 id="sign-in-title">{t("signIn.title")}</h2>
      <button type="button" className="primary" disabled={busy} onClick={() => void passkey()}>
        {t("signIn.passkey")}
      </button>
      <form onSubmit={(e) => void submit(e)}>
        <label>
          {t("field.email")}
          <input type="email" autoComplete="username webauthn" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label>
          {t("field.password")}
          <input type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        <button type="submit" disabled={busy}>
          {busy ? t("working") : t("signIn.submit")}
        </button>
      </form>
      <AccountError error={error} />
    </section>
  );
}

function Register({ api, onSignedIn }: Props) {
  const { t } = useTranslation("account");
  const { busy, error, run } = useAction();
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const me = await run(() => api.register(name.trim(), email.trim(), password));
    if (me) onSignedIn(me);
  };
  const passkey = async () => {
    const me = await run(() => api.registerWithPasskey(name.trim()));
    if (me) onSignedIn(me);
  };
  return (
    <section className="account-card" aria-labelledby="register-title">
      <h2 id="register-title">{t("register.title")}</h2>
      <form onSubmit={(e) => void submit(e)}>
        <label>
          {t("field.name")}
          <input autoComplete="nickname" required minLength={2} maxLength={24} value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <button type="button" className="primary" disabled={busy || name.trim().length < 2} onClick={() => void passkey()}>
          {t("register.passkey")}
        </button>
        <p className="account-or">{t("register.or")}</p>
        <label>
          {t("field.email")}
          <input type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label>
          {t("field.newPassword")}
          <input type="password" autoComplete="new-password" required minLength={10} maxLength={200} value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        <button type="submit" disabled={busy}>
          {busy ? t("working") : t("register.submit")}
        </button>
      </form>
      <AccountError error={error} />
    </section>
  );
}

function Forgot({ api, passwordReset }: Props) {
  const { t } = useTranslation("account");
  const { busy, error, run } = useAction();
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await run(() => api.requestReset(email.trim()))) setSent(true);
  };
  return (
    <details className="account-card">
      <summary>{t("forgot.title")}</summary>
      {!passwordReset ? (
        <p role="note">{t("forgot.unavailable")}</p>
      ) : sent ? (
        <p role="status">{t("forgot.sent")}</p>
      ) : (
        <form onSubmit={(e) => void submit(e)}>
          <label>
            {t("field.email")}
            <input type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          </label>
          <button type="submit" disabled={busy}>
            {busy ? t("working") : t("forgot.submit")}
          </button>
        </form>
      )}
      <AccountError error={error} />
    </details>
  );
}

/** The signed-out forms. */
export function SignedOut(props: Props) {
  return (
    <div className="account-grid">
      <SignIn {...props} />
      <Register {...props} />
      <Forgot {...props} />
    </div>
  );
}
