/** The dial-duel review: the match's result and its public log of commands. English only: a fixture for tests. */
import type { RulesetReviewProps } from "../adapter";

/** A finished (or live) dial duel as its history tells it. */
export function DialDuelReview({ history }: Pick<RulesetReviewProps, "history">) {
  const result = history.match.result;
  return (
    <section className="dial-duel-review">
      <p>{result ? `Winner: ${result.winner ?? "none"} (${result.reason})` : "In play"}</p>
      <ol>
        {history.entries.map((e) => (
          <li key={e.seq}>
            {e.seat}: {(e.command as { type?: string } | null)?.type ?? "hidden"}
          </li>
        ))}
      </ol>
    </section>
  );
}
