/**
 * `useWords(view)`: what EMBER's word functions (./words.ts) need, for a component: the `table`
 * translator, the reader's language, the view and the seat namer of the nearest PlayersProvider.
 */
import { useTranslation } from "react-i18next";
import type { EmberView } from "@fogwar/ember";
import { useSeatNamer } from "../../table/names";
import type { Words } from "./words";
import "../../i18n/table-strings";

/** The words context of `view` for the component calling it. */
export function useWords(view: EmberView): Words {
  const { t, i18n } = useTranslation("table");
  const name = useSeatNamer(view.seats);
  return { t, language: i18n.language, view, name };
}
