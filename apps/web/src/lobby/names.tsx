/**
 * Player names in the creation forms: the protocol's one rule (`invisibleInName`, see
 * packages/protocol/src/names.ts) checked as the name is typed, so a name the server would refuse
 * with `invalid_name` (a direction override, a zero-width or other invisible character) is marked
 * and explained at its field, in the page's language, before anything is sent.
 */
import { useTranslation } from "react-i18next";
import { invisibleInName } from "@fogwar/protocol";

/** Whether the server would refuse `name` for its characters (`invalid_name`). */
export const nameRefused = (name: string): boolean => invisibleInName(name).length > 0;

/** Whether a name field is invalid: empty once trimmed, or refused for its characters. */
export const nameInvalid = (name: string): boolean => name.trim().length === 0 || nameRefused(name);

/** The refusal under a name field (`id` for its `aria-describedby`), or nothing while the name is acceptable. */
export function NameRefusal({ name, id }: { name: string; id: string }) {
  const { t } = useTranslation("common");
  if (!nameRefused(name)) return null;
  return (
    <small id={id} className="name-refused" role="alert">
      {t("errors.invalid_name")}
    </small>
  );
}
