/** The event log in words, newest last, for the feed the table shows; it scrolls in its own box. */
import type { EmberEvent, EmberView } from "@fogwar/ember";
import { describeEvent } from "./words";
import { useWords } from "./useWords";
import { useStickToBottom } from "../../table/log";

export interface EventLogProps {
  readonly view: EmberView;
  readonly events: readonly { readonly seq: number; readonly events: readonly EmberEvent[] }[];
}

export function EventLog({ view, events }: EventLogProps) {
  const words = useWords(view);
  const { t } = words;
  const lines: { key: string; text: string; kind: string }[] = [];
  for (const entry of events) {
    entry.events.forEach((e, i) => {
      const text = describeEvent(words, e);
      if (text) lines.push({ key: `${entry.seq}:${i}`, text, kind: e.type });
    });
  }
  // New lines scroll the box (when the reader is at its end), never the window.
  const box = useStickToBottom<HTMLOListElement>(lines.length);
  return (
    <section className="event-log" aria-labelledby="log-title">
      <h3 id="log-title">{t("log.title")}</h3>
      {lines.length === 0 ? (
        <p>{t("log.empty")}</p>
      ) : (
        <ol className="log-lines" aria-live="polite" ref={box.ref} onScroll={box.onScroll} tabIndex={0}>
          {lines.map((l) => (
            <li key={l.key} className={`log-${l.kind}`}>
              {l.text}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
