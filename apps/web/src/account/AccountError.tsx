/** An account request's failure, in the page's language by its code. */
import { useTranslation } from "react-i18next";
import type { ErrorLike } from "../ui";

export function AccountError({ error }: { error: ErrorLike | null }) {
  const { t } = useTranslation("account");
  if (!error) return null;
  return (
    <p className="error" role="alert">
      ⚠ {t(`errors.${error.code}`, { defaultValue: t("errors.other", { message: error.message }) })}
    </p>
  );
}
