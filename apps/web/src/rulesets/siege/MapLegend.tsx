/**
 * The Siege map's legend (seed 004_cb264102299fbb71.txt "지형"): the walls, doors and windows
 * by type, the objective room, barricades, smoke, the secret tokens as the viewer sees them, the
 * acting operator's ring, which operator each model's and token's mark stands for and the letter of
 * every gadget drawn, each term with its rules help.
 */
import { RuleTip } from "../../help/RuleTip";
import { catalog, type SiegeView } from "@fogwar/siege";
import { gadgetName, opName, operatorMark, roomName, rosterOrder, teamName, type SiegeWords } from "./words";
import { TEAM_COLOUR, WALL_STYLE, drawnGadgetKinds, gadgetLetter } from "./map-marks";
import "../../i18n/help-strings";

export function MapLegend({ view, w }: { view: SiegeView; w: SiegeWords }) {
  const { t } = w;
  const mission = catalog.missions.get(view.mission);
  const real = view.hidden.real;
  // Each operator of the roster by its mark on the models and tokens, the attack's then the defence's, each by name;
  // a name that is its own mark (a one-syllable Korean name) is written once ("룩", not "룩: 룩").
  const marks = rosterOrder(w, view).map((id) => ({ id, mark: operatorMark(w, id), name: opName(w, id) }));
  return (
  <details className="map-legend">
    <summary>{t("legend.title")}</summary>
    <ul>
      {(["thick", "reinforced", "thin", "holed", "door", "window"] as const).map((k) => (
        <li key={k}>
          <svg width="28" height="10" aria-hidden="true">
            <line x1="2" y1="5" x2="26" y2="5" stroke={WALL_STYLE[k]!.stroke} strokeWidth={WALL_STYLE[k]!.width} strokeDasharray={WALL_STYLE[k]!.dash} />
          </svg>{" "}
          <RuleTip term={t(`legend.${k}`)} help={t(`help:siege.${k}`)}>
            {t(`legend.${k}`)}
          </RuleTip>
        </li>
      ))}
      {mission && (
        <li className="legend-objective">
          <svg width="28" height="10" aria-hidden="true">
            <rect x="2" y="1" width="24" height="8" fill="none" stroke="#b45309" strokeWidth="1.5" />
          </svg>{" "}
          {t("legend.objective", { room: roomName(w, mission.objectiveRoom, view.map) })}
        </li>
      )}
      <li>
        ✕ <RuleTip term={t("legend.barricaded")} help={t("help:siege.barricaded")}>{t("legend.barricaded")}</RuleTip>
      </li>
      <li>
        <RuleTip term={t("legend.smoke")} help={t("help:siege.smoke")}>{t("legend.smoke")}</RuleTip>
      </li>
      {Object.keys(real).length > 0 ? (
        <>
          <li>★ {t("legend.realToken")}</li>
          <li>· {t("legend.decoyToken")}</li>
        </>
      ) : (
        <li>
          <RuleTip term={t("legend.secretToken")} help={t("help:siege.secretToken")}>? {t("legend.secretToken")}</RuleTip>
        </li>
      )}
      <li>{t("legend.activeOperator")}</li>
      {marks.length > 0 && (
        <li className="legend-marks">
          {t("legend.marks")}{" "}
          {marks.map(({ id, mark, name }, i) => (
            <span key={id} className="legend-mark">
              {i > 0 && " · "}
              <b>{mark}</b>
              {mark === name ? "" : `: ${name}`}
            </span>
          ))}
        </li>
      )}
      {drawnGadgetKinds(view).map(({ team, kind }) => (
        <li key={`${team}:${kind}`} className="legend-gadget" data-gadget={kind}>
          <svg width="14" height="14" aria-hidden="true">
            <rect x="1" y="1" width="12" height="12" fill={TEAM_COLOUR[team]} opacity={0.8} />
            <text x="7" y="11" textAnchor="middle" fontSize={gadgetLetter(w, kind).length > 1 ? 7 : 9} fill="#fff">
              {gadgetLetter(w, kind)}
            </text>
          </svg>{" "}
          <span className="legend-text">{t("legend.gadget", { letter: gadgetLetter(w, kind), name: gadgetName(w, kind), team: teamName(w, team) })}</span>
        </li>
      ))}
    </ul>
  </details>
  );
}
