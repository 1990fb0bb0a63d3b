/**
 * The Siege table route body: the shared route body (../../table/useRulesetTable.tsx: the seat's
 * legal commands from its own projection or an older rules version's, sending, the caster switch,
 * the event feed) with Siege's view. Spectators of a match with a spectator delay start on the
 * caster feed (its projection and its events: the state `spectatorDelay` rounds behind, with the
 * real tokens of operators already revealed live). Its own chunk.
 */
import { useTranslation } from "react-i18next";
import { RULES_VERSION, legalCommandsInView, type SiegeCommand, type SiegeEvent, type SiegeView } from "@fogwar/siege";
import type { RulesetTableProps } from "../adapter";
import { SiegeTableView } from "./SiegeTableView";
import { useSeatNamer } from "../../table/names";
import { bannerWith, useRulesetTable } from "../../table/useRulesetTable";
import "../../i18n/siege-strings";
import "../../i18n/table-strings";

const asView = (v: unknown): SiegeView | null => (v && typeof v === "object" && "mission" in v && "teams" in v ? (v as SiegeView) : null);

/** Siege's table for `seat` (null: a spectator) on the connection `match`. */
export function SiegeTable({ matchId, seat, match, banner, bots }: RulesetTableProps) {
  const { t: ts } = useTranslation("siege");
  const table = useRulesetTable<SiegeView, SiegeCommand>({ id: "siege", rulesVersion: RULES_VERSION, asView, legal: legalCommandsInView, round: (v) => v.round, casterNote: ts("caster.note"), errorWords: { errors: "siege:errors" } }, match, seat);
  const { live, view } = table;
  const name = useSeatNamer(live ? [...live.teams.attack, ...live.teams.defence] : []);
  const header = bannerWith(banner, (
    <>
      {table.casterSwitch}
      {table.olderNote}
    </>
  ));
  if (!view) return table.waiting("siege-table", header);
  // Siege's clocks are per team (its time bank); claims name a seat, shown with its team.
  const teamOf = (s: string): string => (live?.teams.attack.includes(s) ? "attack" : live?.teams.defence.includes(s) ? "defence" : s);
  const nameOf = (who: string): string => (who === "attack" || who === "defence" ? ts(`team.${who}`) : `${ts(`team.${teamOf(who)}`)} (${name(who)})`);
  const events = table.events as { seq: number; events: SiegeEvent[] }[];
  return table.withAids(<SiegeTableView matchId={matchId} view={view} seat={seat} legal={table.legal} onCommand={table.send} events={events} banner={header} notice={table.notice} clock={table.clock(nameOf)} abandonment={table.abandonment(nameOf, teamOf)} bots={bots} />);
}
