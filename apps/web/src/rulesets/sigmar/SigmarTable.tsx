/**
 * The Age of Sigmar table route body: the shared route body (../../table/useRulesetTable.tsx: the
 * seat's legal commands from its own projection or an older rules version's, sending, the caster
 * switch, the event feed, the abandonment claims) with the seat's continuous choices
 * (`templatesInView`, likewise from an older version's rules when the server plays one) and Age of
 * Sigmar's view. Spectators of a delayed match may switch to the delayed caster feed. Its own chunk.
 */
import { useMemo } from "react";
import type { CommandTemplate } from "@fogwar/engine";
import { RULES_VERSION, legalCommandsInView, templatesInView, type SigmarCommand, type SigmarEvent, type SigmarView } from "@fogwar/sigmar";
import type { RulesetTableProps } from "../adapter";
import { SigmarTableView } from "./SigmarTableView";
import { useSeatNamer } from "../../table/names";
import { bannerWith, legalUnder, useRulesetTable } from "../../table/useRulesetTable";
import "../../i18n/sigmar-strings";
import "../../i18n/table-strings";

/** Where a refusal's words are: one sentence per error code, inside the table's "Refused: …". */
const errorWords = { errors: "sigmar:errors", rejected: "sigmar:controls.rejected" };

const asView = (v: unknown): SigmarView | null => (v && typeof v === "object" && (v as { ruleset?: unknown }).ruleset === "sigmar" ? (v as SigmarView) : null);

/** Age of Sigmar's table for `seat` (null: a spectator) on the connection `match`. */
export function SigmarTable({ matchId, seat, match, banner, bots }: RulesetTableProps) {
  const table = useRulesetTable<SigmarView, SigmarCommand>({ id: "sigmar", rulesVersion: RULES_VERSION, asView, legal: legalCommandsInView, errorWords }, match, seat);
  const { live, view, older, imposed } = table;
  const name = useSeatNamer(live?.seats ?? []);
  const templates = useMemo(
    () => (!live || !seat || imposed ? [] : legalUnder<CommandTemplate<SigmarCommand>>(older, () => templatesInView(live, seat), (r) => r.templatesInView?.(live, seat))),
    [live, seat, imposed, older],
  );
  const header = bannerWith(banner, (
    <>
      {table.casterSwitch}
      {table.olderNote}
    </>
  ));
  if (!view) return table.waiting("sigmar-table", header);
  const events = table.events as { seq: number; events: SigmarEvent[] }[];
  return table.withAids(<SigmarTableView matchId={matchId} view={view} seat={seat} legal={table.legal} templates={templates} onCommand={table.send} events={events} banner={header} notice={table.notice} clock={table.clock(name)} abandonment={table.abandonment(name, (s) => s)} bots={bots} />);
}
