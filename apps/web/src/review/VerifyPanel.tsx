/**
 * The verification panel: the dice seed against its commitment, every plan commitment against
 * its opening, every stored state hash against the replay. Each line says OK or FAILED in words
 * and a symbol, not colour alone.
 */
import { useTranslation } from "react-i18next";
import { useSeatNamer } from "../table/names";
import type { MatchHistory } from "../api";
import type { Verification } from "./replay";
import "../i18n/review-strings";

function Status({ ok }: { ok: boolean }) {
  const { t } = useTranslation("review");
  return <span className={ok ? "ok" : "failed"} data-ok={String(ok)}>{ok ? `✔ ${t("verify.ok")}` : `✖ ${t("verify.failed")}`}</span>;
}

export function VerifyPanel({ history, verification: v }: { history: MatchHistory; verification: Verification }) {
  const { t } = useTranslation("review");
  const name = useSeatNamer(history.match.seats.map((s) => s.seat), history.match.seats);
  const hashesOk = v.hashesMatched === v.hashesTotal;
  return (
    <section className="review-verify" data-testid="review-verify" aria-labelledby="review-verify-title">
      <h2 id="review-verify-title">{t("verify.title")}</h2>
      {v.ok ? (
        <p className="verdict ok" role="status" data-testid="review-verified">
          ✔ {t("verify.verified")}
        </p>
      ) : (
        <p className="verdict failed" role="alert" data-testid="review-verify-failed">
          ✖ {t("verify.notVerified")}
        </p>
      )}
      <ul>
        <li data-check="seed">
          <Status ok={v.seedOk} /> {t("verify.seed")}
          <br />
          <code>{t("verify.seedValue", { seed: history.seed ?? "-", commitment: history.seedCommitment.slice(0, 16) })}</code>
        </li>
        <li data-check="replay">
          <Status ok={v.replayComplete} /> {t("verify.replay")}
        </li>
        <li data-check="hashes">
          <Status ok={hashesOk} /> {t("verify.hashes", { matched: v.hashesMatched, total: v.hashesTotal })}
        </li>
      </ul>
      <h3>{t("verify.commitments", { count: v.commitments.length })}</h3>
      {v.commitments.length === 0 ? (
        <p>{t("verify.noCommitments")}</p>
      ) : (
        <ul data-testid="review-commitments">
          {v.commitments.map((c) => (
            <li key={`${c.seq}:${c.seat}`} data-commitment={`${c.round}:${c.seat}`}>
              <Status ok={c.ok} /> {t("verify.commitment", { round: c.round, seat: name(c.seat), seq: c.seq })}{" "}
              {c.commitment ? <code>{c.commitment.slice(0, 12)}…</code> : <em>{t("verify.noLock")}</em>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
