/**
 * The table chat: one tab per audience the viewer hears (players, team, spectators; from the
 * server's `chat_backlog.read`), each with its unread count, the lines of the open tab in a box
 * that scrolls by itself (never the page), and a labelled input for the audiences the viewer may
 * post to. Keyboard: the tabs are a tab list (arrow keys, Home, End); Enter sends. Read-only in
 * the review (no `onSend`). A line's name and text are each isolated (`<bdi>`): a direction
 * control in a line's text ends with it and cannot reorder the name or another line.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { MAX_CHAT_LENGTH, type ChatAudience, type ChatLine } from "@fogwar/protocol";
import "./ChatPanel.css";

/** What the panel shows: the audiences, the lines, the last refusal's code. */
export interface ChatView {
  readonly read: readonly ChatAudience[];
  readonly write: readonly ChatAudience[];
  readonly lines: readonly ChatLine[];
  readonly error: string | null;
}

export interface ChatPanelProps {
  readonly chat: ChatView;
  /** Posts a line; returns false when it could not be sent (then the text stays). Absent: read-only. */
  readonly onSend?: (audience: ChatAudience, text: string) => boolean;
  /** The viewer's seat, to mark its own lines. */
  readonly seat?: string | null;
  /** The heading (default: "Table chat"). */
  readonly title?: string;
}

/** The sequence a line is numbered in: its audience, or its team for a team line (`ChatLine.n`). */
const numbering = (line: ChatLine): string => (line.audience === "team" ? `team:${line.team ?? ""}` : line.audience);

const KNOWN_ERRORS = new Set(["chat_empty", "chat_too_long", "chat_audience_closed", "chat_rate_limited"]);

/** The chat panel (see the module comment). Renders nothing when the viewer hears no audience. */
export function ChatPanel({ chat, onSend, seat = null, title }: ChatPanelProps) {
  const { t, i18n } = useTranslation("common");
  const id = useId();
  const [active, setActive] = useState<ChatAudience | null>(null);
  // The highest line number read of each audience (of each team's in a review's team tab).
  const [seen, setSeen] = useState<Readonly<Record<string, number>>>({});
  const [text, setText] = useState("");
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const box = useRef<HTMLOListElement | null>(null);
  const open = active !== null && chat.read.includes(active) ? active : (chat.read[0] ?? null);
  const shown = chat.lines.filter((l) => l.audience === open);
  const lastShown = shown.at(-1)?.id ?? "";

  // The open tab's lines are read; its box follows the newest line (the page itself never moves).
  useEffect(() => {
    if (shown.length === 0) return;
    setSeen((s) => {
      const read = shown.filter((l) => l.n > (s[numbering(l)] ?? 0));
      return read.length === 0 ? s : { ...s, ...Object.fromEntries(read.map((l) => [numbering(l), l.n])) };
    });
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [open, lastShown, shown.length]);

  if (open === null) return null;
  const unread = (audience: ChatAudience) => chat.lines.filter((l) => l.audience === audience && l.n > (seen[numbering(l)] ?? 0)).length;
  const writable = onSend !== undefined && chat.write.includes(open);
  const audienceName = (a: ChatAudience) => t(`chat.audience.${a}`);

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const count = chat.read.length;
    const next = event.key === "ArrowRight" ? (index + 1) % count : event.key === "ArrowLeft" ? (index - 1 + count) % count : event.key === "Home" ? 0 : event.key === "End" ? count - 1 : null;
    if (next === null) return;
    event.preventDefault();
    setActive(chat.read[next] ?? open);
    tabs.current[next]?.focus();
  };

  const submit = () => {
    const line = text.trim();
    if (!writable || line.length === 0) return;
    if (onSend(open, line)) setText("");
  };

  return (
    <section className="chat-panel" aria-labelledby={`${id}-title`} data-testid="chat-panel">
      <h2 id={`${id}-title`}>{title ?? t("chat.title")}</h2>
      <div role="tablist" aria-label={t("chat.audiences")} className="chat-tabs">
        {chat.read.map((audience, index) => {
          const count = audience === open ? 0 : unread(audience);
          return (
            <button
              key={audience}
              ref={(el) => void (tabs.current[index] = el)}
              type="button"
              role="tab"
              id={`${id}-tab-${audience}`}
              aria-selected={audience === open}
              aria-controls={`${id}-panel`}
              tabIndex={audience === open ? 0 : -1}
              onClick={() => setActive(audience)}
              onKeyDown={(e) => onTabKey(e, index)}
              data-audience={audience}
            >
              {audienceName(audience)}
              {count > 0 && (
                <span className="chat-unread" aria-label={t("chat.unread", { count })}>
                  {count}
                </span>
              )}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${open}`} className="chat-body">
        <p className="chat-note">{t(`chat.note.${open}`)}</p>
        {shown.length === 0 ? (
          <p className="chat-empty">{t("chat.empty")}</p>
        ) : (
          <ol ref={box} className="chat-lines" role="log" aria-live="polite" aria-label={audienceName(open)}>
            {shown.map((line) => (
              <li key={line.id} className={seat !== null && line.seat === seat ? "mine" : undefined}>
                <bdi className="chat-who">{line.name ?? t("chat.spectator")}</bdi>
                <time dateTime={new Date(line.at).toISOString()}>{new Date(line.at).toLocaleTimeString(i18n.language, { hour: "2-digit", minute: "2-digit" })}</time>
                <bdi className="chat-text">{line.text}</bdi>
              </li>
            ))}
          </ol>
        )}
        {onSend !== undefined &&
          (writable ? (
            <form
              className="chat-form"
              onSubmit={(e) => {
                e.preventDefault();
                submit();
              }}
            >
              <label htmlFor={`${id}-input`}>{t("chat.messageTo", { audience: audienceName(open) })}</label>
              <div className="chat-row">
                <input id={`${id}-input`} type="text" value={text} maxLength={MAX_CHAT_LENGTH} autoComplete="off" onChange={(e) => setText(e.target.value)} />
                <button type="submit" disabled={text.trim().length === 0}>
                  {t("chat.send")}
                </button>
              </div>
            </form>
          ) : (
            <p className="chat-note">{t("chat.readOnly")}</p>
          ))}
        {onSend !== undefined && chat.error && (
          <p className="chat-error" role="alert">
            {t(`chat.errors.${KNOWN_ERRORS.has(chat.error) ? chat.error : "other"}`, { max: MAX_CHAT_LENGTH })}
          </p>
        )}
      </div>
    </section>
  );
}
