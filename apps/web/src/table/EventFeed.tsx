/**
 * The event log in words, newest last, for the feed the table shows; it scrolls in its own box
 * (./log.ts: new lines scroll the box when the reader is at its end, never the window). Each line
 * is classed `log-<event type>` for the ruleset's styles.
 */
import type { ReactNode } from "react";
import { useStickToBottom } from "./log";
import type { EventBatch } from "./view-props";

export interface EventFeedProps<E extends { readonly type: string }> {
  readonly events: readonly EventBatch<E>[];
  /** An event in words (a string, or words with inline rule tips); an empty or absent text leaves the event out. */
  readonly describe: (event: E) => ReactNode;
  /** The log's heading, and its element id (the section is labelled by it). */
  readonly title: string;
  readonly titleId: string;
  /** Shown instead of the list while no event is worded; absent: the empty list. */
  readonly empty?: string;
}

/** The event log (a section `.event-log` with its `.log-lines` list); see the module comment. */
export function EventFeed<E extends { readonly type: string }>({ events, describe, title, titleId, empty }: EventFeedProps<E>) {
  const lines: { key: string; text: ReactNode; kind: string }[] = [];
  for (const entry of events) {
    entry.events.forEach((e, i) => {
      const text = describe(e);
      if (text) lines.push({ key: `${entry.seq}:${i}`, text, kind: e.type });
    });
  }
  const box = useStickToBottom<HTMLOListElement>(lines.length);
  return (
    <section className="event-log" aria-labelledby={titleId}>
      <h3 id={titleId}>{title}</h3>
      {lines.length === 0 && empty !== undefined ? (
        <p>{empty}</p>
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
