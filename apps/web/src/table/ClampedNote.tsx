/**
 * A note in the action bar that, on a phone, shows its first two lines only (a roll's or a shot's
 * outcome can run to four or five lines there, and pushed the turn's first buttons under the bar's
 * "More below" cue): a "Show all" button over the end of its second line opens it whole, and
 * "Show less" folds it again. The button stands only while the note is longer than the clamp; a
 * desktop, whose bar has room, never clamps (./ClampedNote.css). A new note (`noteKey`) starts
 * folded.
 */
import { useLayoutEffect, useRef, useState, type ReactNode, type Ref } from "react";
import { useTranslation } from "react-i18next";
import "./ClampedNote.css";

/** {@link ClampedNote}'s props. */
export interface ClampedNoteProps {
  /** The section's classes (the ruleset's own look). */
  readonly className: string;
  /** The section's accessible name. */
  readonly label: string;
  /** Which note this is (a new one starts folded again): the event batch's sequence number, say. */
  readonly noteKey: string | number;
  /** Put on the section (a ruleset that scrolls the bar to it). */
  readonly sectionRef?: Ref<HTMLElement>;
  readonly children: ReactNode;
}

/** See the module comment. */
export function ClampedNote({ className, label, noteKey, sectionRef, children }: ClampedNoteProps) {
  const { t } = useTranslation("common");
  const [open, setOpen] = useState<string | number | null>(null);
  const opened = open === noteKey;
  const body = useRef<HTMLDivElement>(null);
  const [longer, setLonger] = useState(false);
  // Measured after layout, again as the note's box changes size (a turned phone, a font loaded)
  // and as its words change (a note's own text can grow past the clamp while its box stays two
  // lines tall), not on every render of the bar.
  useLayoutEffect(() => {
    const el = body.current;
    if (!el || opened) return undefined;
    const measure = () => setLonger(el.scrollHeight - el.clientHeight > 1);
    measure();
    const sized = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    sized?.observe(el);
    const reworded = new MutationObserver(measure);
    reworded.observe(el, { childList: true, subtree: true, characterData: true });
    return () => {
      sized?.disconnect();
      reworded.disconnect();
    };
  }, [opened, noteKey]);
  return (
    <section className={`${className} clamped-note${opened ? " open" : ""}`} ref={sectionRef} aria-label={label}>
      <div ref={body} className="clamped-body">
        {children}
      </div>
      {(longer || opened) && (
        <button type="button" className="clamped-toggle" aria-expanded={opened} onClick={() => setOpen(opened ? null : noteKey)}>
          {t(opened ? "actionBar.noteLess" : "actionBar.noteMore")}
        </button>
      )}
    </section>
  );
}
