/** The event log in words, newest last, for the feed the table shows. */
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { EmberEvent, EmberView } from "@fogwar/ember";
import { describeEvent } from "./words";

export interface EventLogProps {
  readonly view: EmberView;
  readonly events: readonly { readonly seq: number; readonly events: readonly EmberEvent[] }[];
}

export function EventLog({ view, events }: EventLogProps) {
  const { t, i18n } = useTranslation("table");
  const words = { t, language: i18n.language, view };
  const end = useRef<HTMLLIElement | null>(null);
  const lines: { key: string; text: string; kind: string }[] = [];
  for (const entry of events) {
    entry.events.forEach((e, i) => {
      const text = describeEvent(words, e);
      if (text) lines.push({ key: `${entry.seq}:${i}`, text, kind: e.type });
    });
  }
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: "nearest" });
  }, [lines.length]);
  return (
    <section className="event-log" aria-labelledby="log-title">
      <h3 id="log-title">{t("log.title")}</h3>
      {lines.length === 0 ? (
        <p>{t("log.empty")}</p>
      ) : (
        <ol className="log-lines" aria-live="polite">
          {lines.map((l, i) => (
            <li key={l.key} className={`log-${l.kind}`} ref={i === lines.length - 1 ? end : undefined}>
              {l.text}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
