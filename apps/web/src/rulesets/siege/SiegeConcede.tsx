/**
 * The Siege table's Concede button (a project decision, docs/rules/siege.md): a seat concedes for
 * its whole team, at any time, after a confirmation that says the other team wins.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { SiegeCommand, Team } from "@fogwar/siege";
import { teamName } from "./words";

/** "Concede", then "Concede the match for your team? ... [Yes, concede] [Keep playing]". */
export function SiegeConcede({ team, onCommand }: { team: Team; onCommand: (c: SiegeCommand) => void }) {
  const { t, i18n } = useTranslation("siege");
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <p>
        <button type="button" className="concede" onClick={() => setAsking(true)}>
          {t("concede.button")}
        </button>
      </p>
    );
  }
  const other = teamName({ t, language: i18n.language }, team === "attack" ? "defence" : "attack");
  return (
    <p className="concede-confirm" role="group" aria-label={t("concede.button")}>
      {t("concede.confirm", { other })}{" "}
      <button type="button" className="danger" onClick={() => onCommand({ type: "concede" })}>
        {t("concede.yes")}
      </button>{" "}
      <button type="button" onClick={() => setAsking(false)} autoFocus>
        {t("concede.no")}
      </button>
    </p>
  );
}
