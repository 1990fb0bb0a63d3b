/**
 * The legend's terrain lines: each kind of terrain drawn on this match's board (blocking, low
 * terrain with or without cover, vulnerable, rubble, smoke), a swatch like its drawing, the pieces
 * of that kind by name and what it does in play (seed 000 1.3, 1.3.1, 1.5.2, 10). The kinds come
 * from the scenario's terrain as it stands (`board.standingPiece`); the cover height and dice are
 * the rules data's own numbers.
 */
import { useTranslation } from "react-i18next";
import { board, catalog, type EmberView, type Terrain } from "@fogwar/ember";
import { localName, scenarioOf } from "./model";
import "../../i18n/table-strings";

type Kind = "blocking" | "cover" | "low" | "vulnerable" | "rubble" | "smoke";

/** The kind a standing piece is drawn as (Board.tsx's terrain layer). */
function kindOf(view: EmberView, card: Terrain, piece: Terrain): Kind {
  if (card.vulnerable && view.terrainDamage?.[card.id] === "destroyed") return "rubble";
  if (piece.blocking) return "blocking";
  return piece.heightInches >= catalog.data.rules.coverHeightInches ? "cover" : "low";
}

/** One `<li>` per terrain kind on the board, with the pieces' names and the kind's effect. */
export function TerrainLegend({ view }: { view: EmberView }) {
  const { t, i18n } = useTranslation("table");
  const names = new Map<Kind, string[]>();
  const add = (kind: Kind, name: string) => {
    const list = names.get(kind) ?? [];
    if (!list.includes(name)) list.push(name);
    names.set(kind, list);
  };
  for (const card of scenarioOf(view).terrain) {
    const piece = board.standingPiece(view as unknown as Parameters<typeof board.standingPiece>[0], card);
    const name = localName(card.name, i18n.language);
    add(kindOf(view, card, piece), name);
    // Vulnerable pieces still standing are also outlined in orange.
    if (card.vulnerable && view.terrainDamage?.[card.id] !== "destroyed") add("vulnerable", name);
  }
  if ((view.smoke ?? []).length > 0) names.set("smoke", []);
  const order: Kind[] = ["blocking", "cover", "low", "vulnerable", "rubble", "smoke"];
  const rules = catalog.data.rules;
  return (
    <>
      {order
        .filter((k) => names.has(k))
        .map((kind) => (
          <li key={kind} className="terrain-legend" data-legend-terrain={kind}>
            <span className={`legend-swatch swatch-${kind}`} aria-hidden="true" /> <strong>{t(`legend.terrain.${kind}.name`, { height: rules.coverHeightInches })}</strong>
            {(names.get(kind) ?? []).length > 0 && <> ({(names.get(kind) ?? []).join(", ")})</>}: {t(`legend.terrain.${kind}.effect`, { height: rules.coverHeightInches, dice: rules.coverDice })}
          </li>
        ))}
    </>
  );
}
