/**
 * The step controls every match review shares (EMBER, Siege, TRPG, Age of Sigmar): first,
 * previous, next and last buttons (disabled at the ends, each with a title and an aria-label that
 * name its key), the step counter in a polite live region, a slider whose aria-valuetext reads
 * "step / total", the review's own controls (its perspective list) passed as children, and a line
 * naming the keys. While it is shown, ArrowLeft/ArrowRight/Home/End anywhere in the window step
 * the replay (useStepKeys). Strings: the `review` namespace's `nav.*`. It imports no ruleset, so
 * each ruleset's review chunk carries only its own rules.
 */
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import "../i18n/review-strings";

/**
 * Keys typed into text fields and the slider are theirs (the slider's own arrow keys step the same
 * way). On a select (the perspective list), ArrowLeft/ArrowRight/Home/End step the replay as
 * everywhere else, and ArrowUp/ArrowDown keep changing its option.
 */
function ownsKeys(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest("input, textarea, [contenteditable='true']") !== null;
}

/** `to` within 0..last. */
const clampStep = (to: number, last: number): number => Math.max(0, Math.min(last, to));

/**
 * Steps a replay with the window's keys while mounted: ArrowLeft/ArrowRight one step back and
 * forward, Home to step 0, End to `last`. `onStep` receives the target step, already clamped to
 * 0..last. Ignored: keys with Alt/Ctrl/Meta, keys another handler already took (defaultPrevented),
 * and keys typed into inputs, text areas, editable content and the slider (ownsKeys).
 */
export function useStepKeys(step: number, last: number, onStep: (to: number) => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || ownsKeys(e.target)) return;
      const targets: Record<string, number> = { ArrowRight: step + 1, ArrowLeft: step - 1, Home: 0, End: last };
      const to = targets[e.key];
      if (to === undefined) return;
      e.preventDefault();
      onStep(clampStep(to, last));
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [step, last, onStep]);
}

/** The shared step controls' props. */
export interface StepNavProps {
  /** The step shown, 0..last (0 is the match's setup). */
  readonly step: number;
  /** The last step's index (the slider's maximum). */
  readonly last: number;
  /** The number the counter shows after the slash (the match's command count); `last` if absent. */
  readonly total?: number;
  /** Called with the step to show, clamped to 0..last. */
  readonly onStep: (to: number) => void;
  /** The counter's data-testid ("review-step" unless a review keeps its own). */
  readonly stepTestId?: string;
  /** The review's own controls beside the stepper (its perspective list). */
  readonly children?: ReactNode;
}

/** The step controls of a match review, with the window's step keys (see the module docstring). */
export function StepNav({ step, last, total = last, onStep, stepTestId = "review-step", children }: StepNavProps) {
  const { t } = useTranslation("review");
  const go = (to: number) => onStep(clampStep(to, last));
  useStepKeys(step, last, onStep);
  const atStart = step <= 0;
  const atEnd = step >= last;
  return (
    <div className="review-controls" role="toolbar" aria-label={t("nav.label")}>
      <div className="stepper">
        <button type="button" data-testid="review-first" onClick={() => go(0)} disabled={atStart} title={t("nav.firstTitle")} aria-label={t("nav.firstTitle")}>
          ⇤ <span className="label">{t("nav.first")}</span>
        </button>
        <button type="button" data-testid="review-prev" onClick={() => go(step - 1)} disabled={atStart} title={t("nav.prevTitle")} aria-label={t("nav.prevTitle")}>
          ◀ <span className="label">{t("nav.prev")}</span>
        </button>
        <span className="counter" role="status" aria-live="polite">
          <span className="label">{t("nav.step")}</span>{" "}
          <span data-testid={stepTestId}>
            {step} / {total}
          </span>
        </span>
        <button type="button" data-testid="review-next" onClick={() => go(step + 1)} disabled={atEnd} title={t("nav.nextTitle")} aria-label={t("nav.nextTitle")}>
          <span className="label">{t("nav.next")}</span> ▶
        </button>
        <button type="button" data-testid="review-last" onClick={() => go(last)} disabled={atEnd} title={t("nav.lastTitle")} aria-label={t("nav.lastTitle")}>
          <span className="label">{t("nav.last")}</span> ⇥
        </button>
      </div>
      <input type="range" min={0} max={last} value={step} onChange={(e) => go(Number(e.target.value))} aria-label={t("nav.slider")} aria-valuetext={`${step} / ${total}`} />
      {children}
      <p className="keys">{t("nav.keys")}</p>
    </div>
  );
}
