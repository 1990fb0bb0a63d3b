/**
 * The table's notices, under every ruleset's table (../ember/Table.tsx): a seat the host
 * re-issued (protocol `notice` `seat_reissued`), so nobody's seat is taken over in silence. A
 * log (`role="log"`): screen readers read a new line as it comes.
 */
import { useTranslation } from "react-i18next";
import type { TableNotice } from "@fogwar/client";
import { useSeatNamer } from "./names";

/** The notices as a short log; nothing when there are none. */
export function TableNotices({ notices, seat }: { notices: readonly TableNotice[]; seat: string | null }) {
  const { t, i18n } = useTranslation("table");
  const name = useSeatNamer([]);
  if (notices.length === 0) return null;
  return (
    <section className="table-notices" aria-label={t("notice.title")}>
      <h3>{t("notice.title")}</h3>
      <ol role="log">
        {notices.map((notice) => (
          <li key={`${notice.kind}:${notice.seat}:${notice.at}`} data-notice={notice.kind}>
            <time dateTime={new Date(notice.at).toISOString()}>{new Date(notice.at).toLocaleTimeString(i18n.language)}</time>{" "}
            {t(notice.seat === seat ? "notice.seat_reissued_yours" : "notice.seat_reissued", { name: name(notice.seat) })}
          </li>
        ))}
      </ol>
    </section>
  );
}
