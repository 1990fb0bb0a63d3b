/** Small shared pieces: error notes and loading lines, in words (never colour alone). */
import { useTranslation } from "react-i18next";

export interface ErrorLike {
  readonly code: string;
  readonly message: string;
  readonly details?: unknown;
}

/**
 * A refusal's details as lines a person reads: zod-style issues (`path message`), a list's
 * problems (`problems`: strings or `{ message }`, after the player's `name` when given), never the
 * details object itself (raw ids and JSON are no reading for a player; the code is shown beside).
 */
function detailLines(details: unknown): string[] {
  const issue = (d: unknown) => (d && typeof d === "object" && "message" in d ? `${String((d as { path?: unknown }).path ?? "")} ${String((d as { message: unknown }).message)}`.trim() : typeof d === "string" ? d : null);
  if (Array.isArray(details)) return details.map(issue).filter((line): line is string => line !== null);
  if (!details || typeof details !== "object") return [];
  const { name, problems, issues } = details as { name?: unknown; problems?: unknown; issues?: unknown };
  const lines = [...(Array.isArray(problems) ? problems : []), ...(Array.isArray(issues) ? issues : [])].map(issue).filter((line): line is string => line !== null);
  return typeof name === "string" && name !== "" ? lines.map((line) => `${name}: ${line}`) : lines;
}

/** An error with its code, translated when the code is known, with the server's details. */
export function ErrorNote({ error, title }: { error: ErrorLike; title?: string }) {
  const { t } = useTranslation("common");
  const lines = detailLines(error.details);
  return (
    <div className="error" role="alert">
      <strong>⚠ {title ?? t("error")}</strong> {t(`errors.${error.code}`, { defaultValue: error.message })} <code>{error.code}</code>
      {lines.length > 0 && (
        <ul>
          {lines.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function Loading({ what }: { what?: string }) {
  const { t } = useTranslation("common");
  return (
    <p className="loading" role="status" aria-live="polite">
      {what ?? t("loading")}
    </p>
  );
}
