/** Small shared pieces: error notes and loading lines, in words (never colour alone). */
import { useTranslation } from "react-i18next";

export interface ErrorLike {
  readonly code: string;
  readonly message: string;
  readonly details?: unknown;
}

function detailLines(details: unknown): string[] {
  if (Array.isArray(details)) {
    return details.map((d) => (d && typeof d === "object" && "message" in d ? `${String((d as { path?: unknown }).path ?? "")} ${String((d as { message: unknown }).message)}`.trim() : JSON.stringify(d)));
  }
  if (details && typeof details === "object") return [JSON.stringify(details)];
  return [];
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
