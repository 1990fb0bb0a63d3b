/**
 * Leaving a match, the same in every ruleset's table (docs/design.md "Clocks and abandonment"):
 * - the claim offer: while the match waits for a seat of another side that has been disconnected,
 *   the countdown to the claim ("… is disconnected: you may claim in 0:42"), then "Claim the win"
 *   and "Claim a draw" (sent as the protocol's `claim`);
 * - "Concede", then "Concede the match? Your side loses. This cannot be undone." with "Yes,
 *   concede" and "Keep playing" (sent as the protocol's `concede`; the rules say what it means).
 * Only a seated player sees it, and only while the match is live. A refusal is said under it.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { claimWaitAt, formatClock, type ClockInfo } from "./clock";
import { ConcedeButton } from "./Concede";
import "../i18n/table-strings";
import "./Abandonment.css";

/** A server's answer to a claim or a concession. */
export type AbandonAnswer = { ok: boolean; error?: { message: string } };

/** Sends a claim, resolving with the server's answer. */
export type ClaimSender = (absent: string, outcome: "win" | "draw") => Promise<AbandonAnswer>;

export interface AbandonmentPanelProps {
  /** The room's clock field (its `claims`), null before it arrives. */
  readonly info: ClockInfo | null;
  /** The viewer's seat; null: a spectator, who sees nothing here. */
  readonly seat: string | null;
  /** Whether the match is over (the rules' result, or one the log imposed): nothing is shown. */
  readonly over: boolean;
  /** A seat's name for people. */
  readonly nameOf: (seat: string) => string;
  /** A seat's side (its team, or itself): claims are offered against other sides only. */
  readonly sideOf: (seat: string) => string;
  readonly onClaim?: ClaimSender;
  /** Sends the concession, resolving with the server's answer. */
  readonly onConcede?: () => Promise<AbandonAnswer>;
  /** The local time source (tests). */
  readonly now?: () => number;
}

/** The claim offer and the Concede control (see the module comment). */
export function AbandonmentPanel({ info, seat, over, nameOf, sideOf, onClaim, onConcede, now = Date.now }: AbandonmentPanelProps) {
  const { t } = useTranslation("table");
  const [time, setTime] = useState(now);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const mySide = seat === null ? null : sideOf(seat);
  const claims = over || !info || info.field.imposed || mySide === null ? [] : info.field.claims.filter((c) => sideOf(c.absent) !== mySide);
  const counting = claims.length > 0;
  useEffect(() => {
    if (!counting) return;
    setTime(now());
    const timer = setInterval(() => setTime(now()), 500);
    return () => clearInterval(timer);
  }, [counting, info, now]);
  if (seat === null || over) return null;
  const answered = (answer: AbandonAnswer) => {
    setSending(false);
    setRefusal(answer.ok ? null : (answer.error?.message ?? ""));
  };
  const send = (request: () => Promise<AbandonAnswer>) => {
    setSending(true);
    setRefusal(null);
    void request().then(answered, () => answered({ ok: false }));
  };
  return (
    <section className="abandonment" aria-label={t("abandon.title")}>
      {info &&
        claims.map((claim) => {
          const wait = claimWaitAt(info, claim, time);
          const who = nameOf(claim.absent);
          return (
            <div key={claim.absent} className="claim" role="status">
              <p>{wait > 0 ? t("abandon.claimIn", { who, time: formatClock(wait) }) : t("abandon.claimNow", { who, time: formatClock(info.field.claimDelayMs) })}</p>
              {wait === 0 && onClaim && (
                <p className="claim-buttons">
                  {(["win", "draw"] as const).map((outcome) => (
                    <button key={outcome} type="button" className={outcome === "win" ? "primary" : undefined} disabled={sending} onClick={() => send(() => onClaim(claim.absent, outcome))}>
                      {t(outcome === "win" ? "abandon.claimWin" : "abandon.claimDraw")}
                    </button>
                  ))}
                </p>
              )}
            </div>
          );
        })}
      {onConcede && (
        <div className="concede-row">
          <ConcedeButton disabled={sending} onConcede={() => send(onConcede)} />
        </div>
      )}
      {refusal !== null && (
        <p className="error" role="alert">
          {t("abandon.refused", { message: refusal })}
        </p>
      )}
    </section>
  );
}
