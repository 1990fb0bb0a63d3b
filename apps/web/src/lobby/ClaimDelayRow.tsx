/**
 * The lobby's claim-delay setting (both rulesets' forms): how long, in seconds, a seat the match
 * waits for must stay disconnected before the others may claim the win or a draw (the match
 * option `claimDelay`, 10 to 3600 s, default 60; docs/protocol.md "Clocks and claims").
 */
import { useTranslation } from "react-i18next";

/** The option's bounds and default, in seconds (the protocol's `claimDelay`). */
export const CLAIM_DELAY = { min: 10, max: 3600, default: 60 } as const;

export function ClaimDelayRow({ id, value, onChange }: { readonly id: string; readonly value: number; readonly onChange: (seconds: number) => void }) {
  const { t } = useTranslation("common");
  const set = (raw: number) => onChange(Number.isFinite(raw) ? Math.min(CLAIM_DELAY.max, Math.max(CLAIM_DELAY.min, Math.round(raw))) : CLAIM_DELAY.default);
  return (
    <div className="row">
      <label htmlFor={id}>{t("clock.optionClaimDelay")}</label>
      <input id={id} type="number" min={CLAIM_DELAY.min} max={CLAIM_DELAY.max} value={value} onChange={(e) => set(e.target.valueAsNumber)} />
      <small>{t("clock.optionClaimDelayHint")}</small>
    </div>
  );
}
