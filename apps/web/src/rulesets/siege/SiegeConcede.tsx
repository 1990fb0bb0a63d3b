/**
 * The Siege table's Concede control (a project decision, docs/rules/siege.md): a seat concedes for
 * its whole team, at any time, after a confirmation that says the other team wins.
 */
import { useTranslation } from "react-i18next";
import type { SiegeCommand, Team } from "@fogwar/siege";
import { ConcedeButton } from "../../table/Concede";
import { teamName } from "./words";

/** "Concede", then "Concede the match for your team? ... [Yes, concede] [Keep playing]". */
export function SiegeConcede({ team, onCommand }: { team: Team; onCommand: (c: SiegeCommand) => void }) {
  const { t, i18n } = useTranslation("siege");
  const other = teamName({ t, language: i18n.language }, team === "attack" ? "defence" : "attack");
  return (
    <p>
      <ConcedeButton confirm={t("concede.confirm", { other })} onConcede={() => onCommand({ type: "concede" })} />
    </p>
  );
}
