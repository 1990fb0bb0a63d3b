/**
 * Copies a text: navigator.clipboard where allowed, else a hidden textarea and
 * document.execCommand("copy"). Says "Copied" (or "Copy failed") in words, announced politely.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";

export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall back below
  }
  try {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand?.("copy") ?? false;
    area.remove();
    return ok;
  } catch {
    return false;
  }
}

export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation("common");
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  return (
    <span className="copy">
      <button
        type="button"
        onClick={async () => {
          setState((await copyText(text)) ? "copied" : "failed");
        }}
        aria-label={`${t("copy")}: ${label}`}
      >
        {t("copy")}
      </button>
      <span role="status" aria-live="polite" className={`copy-state copy-${state}`}>
        {state === "copied" ? `✓ ${t("copied")}` : state === "failed" ? `✗ ${t("copyFailed")}` : ""}
      </span>
    </span>
  );
}
