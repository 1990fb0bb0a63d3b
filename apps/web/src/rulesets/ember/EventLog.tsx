/** EMBER's event log in words (an attack keyword named in a line explains itself, ./KeywordTip.tsx), newest last, for the feed the table shows (../../table/EventFeed.tsx). */
import type { EmberEvent, EmberView } from "@fogwar/ember";
import { eventLine } from "./KeywordTip";
import { useWords } from "./useWords";
import { EventFeed } from "../../table/EventFeed";
import type { EventBatch } from "../../table/view-props";

export interface EventLogProps {
  readonly view: EmberView;
  readonly events: readonly EventBatch<EmberEvent>[];
}

export function EventLog({ view, events }: EventLogProps) {
  const words = useWords(view);
  return <EventFeed events={events} describe={(e) => eventLine(words, e)} title={words.t("log.title")} titleId="log-title" empty={words.t("log.empty")} />;
}
