/**
 * The TRPG table route body: the shared route body (../../table/useRulesetTable.tsx: the seat's
 * legal commands from its own projection or an older rules version's, sending, the caster switch,
 * the event feed, the abandonment claims) with the TRPG's view. Spectators of a delayed match start
 * on the caster feed (the omniscient view some rounds behind, less what is still secret in the live
 * match). Its own chunk.
 */
import { useTranslation } from "react-i18next";
import { RULES_VERSION, legalCommandsInView, type TrpgCommand, type TrpgEvent, type TrpgView } from "@fogwar/trpg";
import type { RulesetTableProps } from "../adapter";
import { TrpgTableView } from "./TrpgTableView";
import { useSeatNamer } from "../../table/names";
import { bannerWith, useRulesetTable } from "../../table/useRulesetTable";
import "../../i18n/trpg-strings";
import "../../i18n/table-strings";

const asView = (v: unknown): TrpgView | null => (v && typeof v === "object" && "scenario" in v && "characters" in v && "order" in v ? (v as TrpgView) : null);

/** The TRPG's table for `seat` (null: a spectator) on the connection `match`. */
export function TrpgTable({ matchId, seat, match, banner, bots }: RulesetTableProps) {
  const { t: tt } = useTranslation("trpg");
  const table = useRulesetTable<TrpgView, TrpgCommand>({ id: "trpg", rulesVersion: RULES_VERSION, asView, legal: legalCommandsInView, round: (v) => v.round, casterNote: tt("caster.note"), errorWords: { errors: "trpg:errors" } }, match, seat);
  const { live, view } = table;
  const name = useSeatNamer(live ? [...live.seats.party, ...live.seats.enemies] : []);
  const header = bannerWith(banner, (
    <>
      {table.casterSwitch}
      {table.olderNote}
    </>
  ));
  if (!view) return table.waiting("trpg-table", header);
  // Claims name a seat; the rules' sides (the party, the enemies) decide who may claim.
  const sideOf = (s: string): string => (live?.seats.party.includes(s) ? "party" : live?.seats.enemies.includes(s) ? "enemies" : s);
  const events = table.events as { seq: number; events: TrpgEvent[] }[];
  return table.withAids(<TrpgTableView matchId={matchId} view={view} seat={seat} legal={table.legal} onCommand={table.send} events={events} banner={header} notice={table.notice} clock={table.clock(name)} abandonment={table.abandonment(name, sideOf)} bots={bots} />);
}
