/**
 * The EMBER table route body: the shared route body (../../table/useRulesetTable.tsx: the seat's
 * legal commands from its own projection or an older rules version's, sending, the caster switch,
 * the event feed, the abandonment claims) with EMBER's view; spectators of a delayed match may
 * switch to the delayed omniscient caster feed, the switch inside the connection banner. Its own
 * chunk: another ruleset's table never loads it.
 */
import { useTranslation } from "react-i18next";
import { RULES_VERSION, legalCommandsInView, type EmberCommand, type EmberEvent, type EmberView } from "@fogwar/ember";
import type { RulesetTableProps } from "../adapter";
import { TableView } from "./TableView";
import { useSeatNamer } from "../../table/names";
import { bannerWith, useRulesetTable } from "../../table/useRulesetTable";
import "../../i18n/table-strings";

const asView = (v: unknown): EmberView | null => (v && typeof v === "object" && (v as { ruleset?: unknown }).ruleset === "ember" ? (v as EmberView) : null);

/** EMBER's table for `seat` (null: a spectator) on the connection `match`. */
export function EmberConnected({ matchId, seat, match, banner: outer, bots }: RulesetTableProps) {
  const { t } = useTranslation("table");
  const table = useRulesetTable<EmberView, EmberCommand>({ id: "ember", rulesVersion: RULES_VERSION, asView, legal: legalCommandsInView, round: (v) => v.round, casterNote: t("caster.omniscient"), errorWords: { errors: "table:emberErrors" } }, match, seat);
  const { live, view } = table;
  const name = useSeatNamer(live?.seats ?? []);
  const banner = bannerWith(outer, (
    <>
      {table.casterSwitch}
      {table.olderNote}
    </>
  ));
  if (!view) return table.waiting("ember-table", banner);
  const teams = (live as { teams?: Record<string, string> } | null)?.teams;
  const events = table.events as { seq: number; events: EmberEvent[] }[];
  return table.withAids(<TableView matchId={matchId} view={view} seat={seat} legal={table.legal} onCommand={table.send} events={events} banner={banner} notice={table.notice} clock={table.clock(name)} abandonment={table.abandonment(name, (s) => teams?.[s] ?? s)} bots={bots} />);
}
