/**
 * The signed-in account's settings on `/account`: a new public name, and deleting the account
 * (typing its name again to confirm; its finished matches stay reviewable under an anonymous name).
 */
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { MeResponse } from "@fogwar/protocol";
import type { AccountApi } from "./account-api";
import { AccountError } from "./AccountError";
import { useAction } from "./use-action";

type Account = NonNullable<MeResponse["account"]>;

/** The name form and the deletion, for `account`; `onChange` gets the server's new answer. */
export function AccountSettings({ api, account, onChange }: { api: AccountApi; account: Account; onChange: (me: MeResponse) => void }) {
  const { t } = useTranslation("account");
  const rename = useAction();
  const remove = useAction();
  const [name, setName] = useState(account.name);
  const [confirm, setConfirm] = useState("");
  const [renamed, setRenamed] = useState(false);
  const submitName = async (e: FormEvent) => {
    e.preventDefault();
    const me = await rename.run(() => api.rename(name.trim()));
    if (me) {
      setRenamed(true);
      onChange(me);
    }
  };
  const submitDelete = async (e: FormEvent) => {
    e.preventDefault();
    const me = await remove.run(() => api.deleteAccount(confirm.trim()));
    if (me) onChange(me);
  };
  return (
    <section className="account-card" aria-labelledby="settings-title">
      <h2 id="settings-title">{t("settings.title")}</h2>
      <form onSubmit={(e) => void submitName(e)}>
        <label>
          {t("field.name")}
          <input autoComplete="nickname" required minLength={2} maxLength={24} value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <button type="submit" disabled={rename.busy || name.trim() === account.name}>
          {rename.busy ? t("working") : t("settings.rename")}
        </button>
        {renamed && <p role="status">{t("settings.renamed")}</p>}
        <AccountError error={rename.error} />
      </form>
      <details className="account-danger">
        <summary>{t("settings.delete")}</summary>
        <p>{t("settings.deleteExplain")}</p>
        <form onSubmit={(e) => void submitDelete(e)}>
          <label>
            {t("settings.confirm", { name: account.name })}
            <input autoComplete="off" required value={confirm} onChange={(e) => setConfirm(e.target.value)} />
          </label>
          <button type="submit" className="danger" disabled={remove.busy || confirm.trim().toLowerCase() !== account.name.toLowerCase()}>
            {remove.busy ? t("working") : t("settings.deleteNow")}
          </button>
          <AccountError error={remove.error} />
        </form>
      </details>
    </section>
  );
}
