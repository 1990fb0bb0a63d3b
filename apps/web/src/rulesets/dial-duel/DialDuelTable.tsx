/**
 * The dial-duel table route body: the shared route body (../../table/useRulesetTable.tsx) over the
 * seat's own projection, each dial as its viewer may see it (a number only once revealed, or to
 * its own seat), and one button per legal command. English only: a fixture for tests.
 */
import { DIAL_DUEL_RULES_VERSION, dialLegalInView, type DialDuelCommand, type DialView } from "@fogwar/engine/testing";
import type { RulesetTableProps } from "../adapter";
import { bannerWith, useRulesetTable } from "../../table/useRulesetTable";

const asView = (v: unknown): DialView | null => (v && typeof v === "object" && "dials" in v && "phase" in v ? (v as DialView) : null);


const label = (c: DialDuelCommand): string => (c.type === "lock" ? `Lock ${c.number}` : c.type === "reveal" ? "Reveal" : `${c.starter} starts`);

/** The dial-duel table for `seat` (null: a spectator) on the connection `match`. */
export function DialDuelTable({ seat, match, banner }: RulesetTableProps) {
  const table = useRulesetTable<DialView, DialDuelCommand>({ id: "dial-duel", rulesVersion: DIAL_DUEL_RULES_VERSION, asView, legal: dialLegalInView, round: (v) => v.round }, match, seat);
  const header = bannerWith(banner, table.casterSwitch);
  const view = table.view;
  if (!view) return table.waiting("dial-duel-table", header);
  return (
    <section className="dial-duel-table">
      {header}
      <h2>
        Round {view.round}: {view.phase}
      </h2>
      <ul className="dials">
        {view.seats.map((s) => {
          const dial = view.dials[s]!;
          return (
            <li key={s} data-seat={s}>
              {s} ({view.wins[s] ?? 0} won): {dial.number !== null ? `dial ${dial.number}${dial.revealed ? " revealed" : ""}` : dial.locked ? "locked" : "open"}
            </li>
          );
        })}
      </ul>
      {view.result && <p className="result">Winner: {view.result.winner ?? "none"} ({view.result.reason})</p>}
      <div className="actions">
        {table.legal.map((c) => (
          <button key={label(c)} type="button" onClick={() => table.send(c)}>
            {label(c)}
          </button>
        ))}
      </div>
      {table.notice && <p className="notice">{table.notice}</p>}
    </section>
  );
}
