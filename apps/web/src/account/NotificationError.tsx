/** A failure on the notification settings page, in the page's language by its code. */
import { useTranslation } from "react-i18next";
import "../i18n/notifications-strings";
import type { ErrorLike } from "../ui";

export function NotificationError({ error }: { error: ErrorLike | null }) {
  const { t } = useTranslation("notifications");
  if (!error) return null;
  return (
    <p className="error" role="alert">
      ⚠ {t(`errors.${error.code}`, { message: error.message, defaultValue: t("errors.other", { message: error.message }) })}
    </p>
  );
}
