/**
 * One player's army: start from a sample army or build one from the catalog (faction, mechs with
 * their four parts and a pilot, drones), with live point totals against the battle size's limit
 * the stats of each chosen part and drone, and the rules' own validation (`validateArmy`) in the
 * reader's words (the rule reference only in a tooltip). "+ Add a mech" needs a free pilot.
 */
import { useId, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { catalog, type ArmyList, type ArmyUnit, type BattleSize, type Faction, type PartSlot } from "@fogwar/ember";
import { nameIn, sampleName } from "../../lobby/sample-names";
import { FACTIONS, PART_SLOTS, assess, cloneArmy, dronesFor, emptyArmy, freePilots, newDrone, newMech, partsFor, pilotsFor } from "./armyModel";
import { CardStats, useProblemWords } from "./PartStats";
import "./ArmyEditor.css";

export interface ArmyEditorProps {
  /** e.g. "Player 1". */
  readonly label: string;
  readonly army: ArmyList;
  readonly onChange: (army: ArmyList) => void;
  readonly samples: readonly ArmyList[];
  readonly battleSize: BattleSize;
}

export function ArmyEditor({ label, army, onChange, samples, battleSize }: ArmyEditorProps) {
  const { t, i18n } = useTranslation("lobby");
  const table = useTranslation("table").t;
  const lang = i18n.language;
  const id = useId();
  // A mech needs a pilot of its own (seed 001 2): with every pilot of the faction flying, no more mechs.
  const pilotsLeft = freePilots(army).length;
  const { points, limit, problems, unitPoints } = useMemo(() => assess(army, battleSize), [army, battleSize]);
  const over = points > limit;
  const problemWords = useProblemWords(army, limit);
  const sampleIndex = samples.findIndex((s) => JSON.stringify(s) === JSON.stringify(army));

  const setUnit = (index: number, unit: ArmyUnit) => onChange({ ...army, units: army.units.map((u, i) => (i === index ? unit : u)) });
  const removeUnit = (index: number) => onChange({ ...army, units: army.units.filter((_, i) => i !== index) });

  return (
    <fieldset className="army">
      <legend>{t("armyOf", { player: label })}</legend>
      <div className="row">
        <label htmlFor={`${id}-sample`}>{t("startFrom")}</label>
        <select
          id={`${id}-sample`}
          value={sampleIndex >= 0 ? String(sampleIndex) : "custom"}
          onChange={(e) => {
            const value = e.target.value;
            if (value === "custom") return;
            if (value === "empty") onChange(emptyArmy(army.faction, army.name));
            else onChange(cloneArmy(samples[Number(value)] as ArmyList));
          }}
        >
          <option value="custom">{t("customArmy")}</option>
          <option value="empty">{t("emptyArmy")}</option>
          {samples.map((s, i) => (
            <option key={i} value={String(i)}>
              {t("sampleArmy", { name: sampleName("army", s.name, lang), faction: t(`faction.${s.faction}`) })}
            </option>
          ))}
        </select>
      </div>
      <div className="row">
        <label htmlFor={`${id}-name`}>{t("armyName")}</label>
        <input id={`${id}-name`} value={army.name} maxLength={60} onChange={(e) => onChange({ ...army, name: e.target.value })} />
        <label htmlFor={`${id}-faction`}>{t("factionLabel")}</label>
        <select
          id={`${id}-faction`}
          value={army.faction}
          onChange={(e) => {
            const faction = e.target.value as Faction;
            const fresh = emptyArmy(faction, army.name);
            onChange({ ...fresh, units: [newMech(fresh)] });
          }}
        >
          {FACTIONS.map((f) => (
            <option key={f} value={f}>
              {t(`faction.${f}`)}
            </option>
          ))}
        </select>
      </div>

      <ol className="units" aria-label={t("unitsOf", { player: label })}>
        {army.units.map((unit, index) => (
          <li key={index} className={`unit unit-${unit.kind}`}>
            {unit.kind === "mech" ? (
              <MechRow army={army} unit={unit} index={index} points={unitPoints[index] ?? 0} lang={lang} onChange={(u) => setUnit(index, u)} />
            ) : (
              <DroneRow faction={army.faction} unit={unit} index={index} points={unitPoints[index] ?? 0} lang={lang} onChange={(u) => setUnit(index, u)} />
            )}
            <button type="button" className="remove" onClick={() => removeUnit(index)} aria-label={t("removeUnit", { n: index + 1 })}>
              {t("remove")}
            </button>
          </li>
        ))}
      </ol>
      <div className="row">
        <button type="button" onClick={() => onChange({ ...army, units: [...army.units, newMech(army)] })} disabled={pilotsLeft === 0} aria-describedby={pilotsLeft === 0 ? `${id}-no-pilot` : undefined}>
          + {t("addMech")}
        </button>
        <button type="button" onClick={() => onChange({ ...army, units: [...army.units, newDrone(army.faction)] })} disabled={dronesFor(army.faction).length === 0}>
          + {t("addDrone")}
        </button>
      </div>

      {pilotsLeft === 0 && (
        <p className="hint" id={`${id}-no-pilot`} data-testid="no-free-pilot">
          {table("army.noFreePilot")}
        </p>
      )}
      <p className={`points ${over ? "over" : "ok"}`} data-testid="army-points" data-over={over ? "true" : "false"}>
        <span className="points-bar" aria-hidden="true">
          <span style={{ width: `${Math.min(100, (points / Math.max(1, limit)) * 100)}%` }} />
        </span>{" "}
        {t("points", { points, limit })} {over ? `✗ ${t("overLimit")}` : `✓ ${t("withinLimit")}`}
      </p>
      {problems.length === 0 ? (
        <p className="valid" role="status">
          ✓ {t("armyValid")}
        </p>
      ) : (
        <div role="status">
          <p className="invalid">✗ {t("armyInvalid", { count: problems.length })}</p>
          <ul className="problems" aria-label={t("problemsOf", { player: label })}>
            {problems.map((p, i) => (
              <li key={i} title={table("army.rule", { rule: p.rule })} data-code={p.code}>
                {problemWords(p)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </fieldset>
  );
}

type Mech = Extract<ArmyUnit, { kind: "mech" }>;
type Drone = Extract<ArmyUnit, { kind: "drone" }>;

function MechRow({ army, unit, index, points, lang, onChange }: { army: ArmyList; unit: Mech; index: number; points: number; lang: string; onChange: (u: Mech) => void }) {
  const { t } = useTranslation("lobby");
  const id = useId();
  const pilots = pilotsFor(army.faction);
  const pilotKnown = pilots.some((p) => p.id === unit.pilot);
  return (
    <div className="mech">
      <div className="row">
        <strong>
          {t("unitN", { n: index + 1 })}: {t("mech")}
        </strong>
        <label htmlFor={`${id}-name`}>{t("mechName")}</label>
        <input id={`${id}-name`} value={unit.name ?? ""} maxLength={40} onChange={(e) => onChange({ ...unit, name: e.target.value || undefined })} />
        <span className="unit-points">{t("unitPoints", { points })}</span>
      </div>
      <div className="row parts">
        {PART_SLOTS.map((slot: PartSlot) => {
          const options = partsFor(army.faction, slot);
          const current = unit.parts[slot];
          const known = options.some((p) => p.id === current);
          const other = catalog.parts.get(current);
          return (
            <span key={slot} className="field">
              <label htmlFor={`${id}-${slot}`}>{t(`slot.${slot}`)}</label>
              <select id={`${id}-${slot}`} value={current} onChange={(e) => onChange({ ...unit, parts: { ...unit.parts, [slot]: e.target.value } })}>
                {!known && <option value={current}>{other ? `${nameIn(other.name, lang)} (${other.faction})` : current}</option>}
                {options.map((p) => (
                  <option key={p.id} value={p.id}>
                    {nameIn(p.name, lang)} ({t("pts", { points: p.points })})
                  </option>
                ))}
              </select>
              <CardStats id={current} kind="part" language={lang} />
            </span>
          );
        })}
        <span className="field">
          <label htmlFor={`${id}-pilot`}>{t("pilot")}</label>
          <select id={`${id}-pilot`} value={unit.pilot} onChange={(e) => onChange({ ...unit, pilot: e.target.value })}>
            {!pilotKnown && <option value={unit.pilot}>{catalog.pilots.get(unit.pilot) ? nameIn(catalog.pilots.get(unit.pilot)?.name, lang) : unit.pilot}</option>}
            {pilots.map((p) => (
              <option key={p.id} value={p.id}>
                {nameIn(p.name, lang)} ({t("link")} {p.linkMax}, {t("pts", { points: p.points })})
              </option>
            ))}
          </select>
        </span>
      </div>
    </div>
  );
}

function DroneRow({ faction, unit, index, points, lang, onChange }: { faction: Faction; unit: Drone; index: number; points: number; lang: string; onChange: (u: Drone) => void }) {
  const { t } = useTranslation("lobby");
  const id = useId();
  const drones = dronesFor(faction);
  const known = drones.some((d) => d.id === unit.drone);
  return (
    <div className="row drone">
      <strong>
        {t("unitN", { n: index + 1 })}: {t("drone")}
      </strong>
      <label htmlFor={`${id}-drone`}>{t("droneCard")}</label>
      <select id={`${id}-drone`} value={unit.drone} onChange={(e) => onChange({ ...unit, drone: e.target.value })}>
        {!known && <option value={unit.drone}>{catalog.drones.get(unit.drone) ? nameIn(catalog.drones.get(unit.drone)?.name, lang) : unit.drone}</option>}
        {drones.map((d) => (
          <option key={d.id} value={d.id}>
            {nameIn(d.name, lang)} ({t("pts", { points: d.points })})
          </option>
        ))}
      </select>
      <span className="unit-points">{t("unitPoints", { points })}</span>
      <CardStats id={unit.drone} kind="drone" language={lang} />
    </div>
  );
}
