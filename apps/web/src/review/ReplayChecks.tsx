/**
 * The verification list of a ruleset's review: the dice seed, the ruleset's own commitments (as
 * `children`), the stored state hashes matched, the verdict, and each problem. Worded in the
 * ruleset's namespace (`review.verify`, `review.seed`, `review.hashes`, `review.all`, `review.ok`,
 * `review.failed`).
 */
import type { ReactNode } from "react";
import type { TFunction } from "i18next";

/** What a rebuilt replay says of itself. */
export interface ReplayVerdict {
  readonly ok: boolean;
  readonly seedOk: boolean;
  readonly hashesMatched: number;
  readonly hashesTotal: number;
  readonly problems: readonly string[];
}

/** "✓ ok" or "✗ failed" in the ruleset's words. */
export const okWord = (t: TFunction, ok: boolean): string => (ok ? `✓ ${t("review.ok")}` : `✗ ${t("review.failed")}`);

/** The verification section (`data-ok` carries the verdict). */
export function ReplayChecks({ t, replay, children }: { t: TFunction; replay: ReplayVerdict; children?: ReactNode }) {
  return (
    <section className="verify" aria-label={t("review.verify")} data-ok={replay.ok}>
      <h3>{t("review.verify")}</h3>
      <ul>
        <li>{t("review.seed", { ok: okWord(t, replay.seedOk) })}</li>
        {children}
        <li>{t("review.hashes", { matched: replay.hashesMatched, total: replay.hashesTotal })}</li>
        <li>
          <strong>{t("review.all", { ok: okWord(t, replay.ok) })}</strong>
        </li>
        {replay.problems.map((p) => (
          <li key={p} role="alert">
            ⚠ {p}
          </li>
        ))}
      </ul>
    </section>
  );
}
