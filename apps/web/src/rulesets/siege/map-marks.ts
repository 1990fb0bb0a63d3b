/**
 * How the Siege map marks things (seed 004_cb264102299fbb71.txt "지형", "비밀 오퍼레이터"): the
 * teams' colours, the wall styles, each gadget kind's letter and the gadgets drawn, and how a
 * secret token is drawn for the viewer. Shared by the map (./SiegeMap.tsx) and its legend.
 */
import { board, catalog, type SiegeView } from "@fogwar/siege";
import { gadgetName, uniqueMark, type SiegeWords } from "./words";

/**
 * How a secret token is drawn: "real" or "decoy" when the view names its operator's real token
 * (the defence's; a caster feed names only operators already revealed live), else "secret".
 */
export const tokenKind = (real: Readonly<Record<string, string>>, operator: string, token: string): "real" | "decoy" | "secret" =>
  real[operator] === undefined ? "secret" : real[operator] === token ? "real" : "decoy";

/** Each team's colour on the map. */
export const TEAM_COLOUR = { attack: "#c2410c", defence: "#1d4ed8" } as const;
/** How each kind of wall, door and window is drawn. */
export const WALL_STYLE: Record<string, { stroke: string; width: number; dash?: string }> = {
  thick: { stroke: "#1f2937", width: 6 },
  reinforced: { stroke: "#7f1d1d", width: 7 },
  thin: { stroke: "#4b5563", width: 3 },
  holed: { stroke: "#4b5563", width: 3, dash: "6 4" },
  door: { stroke: "#92400e", width: 5 },
  window: { stroke: "#0891b2", width: 5 },
};

/** Every gadget kind that may be drawn on a map, in a fixed order: the tactical gadgets, the map's reinforced hatches, snares and the specials. */
const GADGET_KINDS: readonly string[] = [...catalog.gadgets.keys(), "reinforced_access", "snare", ...catalog.data.operators.map((op) => op.special.id)];

/**
 * The mark a gadget of `kind` is drawn with on the map, in the reader's language: its name's first
 * letter, or, where an earlier kind of {@link GADGET_KINDS} has that mark, its words' initials, else
 * its first letter and a later one, so that no two gadget kinds share a mark (the legend explains each).
 * Fixed by the catalog, never by what a seat sees.
 */
export function gadgetLetter(w: SiegeWords, kind: string): string {
  return uniqueMark(GADGET_KINDS, kind, (k) => {
    const name = gadgetName(w, k).toUpperCase();
    const first = name.slice(0, 1);
    const initials = name.split(/\s+/).map((word) => word.slice(0, 1)).join("").slice(0, 2);
    return [first, initials, ...[...name.replace(/\s+/g, "").slice(1)].map((c) => first + c)];
  });
}

/**
 * The gadgets drawn on the map of `view` (the lower floor's), one per team and kind, in the
 * order met: what the legend explains. Read from the viewer's own projection only, so a gadget
 * the seat may not see is never listed.
 */
export function drawnGadgetKinds(view: SiegeView): { team: "attack" | "defence"; kind: string }[] {
  const seen = new Map<string, { team: "attack" | "defence"; kind: string }>();
  for (const g of view.gadgets) if (!board.isUpper(g.at) && !seen.has(`${g.team}:${g.kind}`)) seen.set(`${g.team}:${g.kind}`, { team: g.team, kind: g.kind });
  return [...seen.values()];
}

/**
 * Where the target of a breach lies on the ground floor's map (seed 004 "파괴": a wall, door or
 * window, or a gadget), for marking it while the breach is confirmed: a partition's edges, each the
 * pair of squares ("x,y") it lies between, or a gadget's square. Null for anything the view does
 * not show there (nothing is then marked).
 */
export function breachTargetPlaces(view: SiegeView, target: string): { edges: readonly (readonly [string, string])[]; square: string | null } | null {
  const def = catalog.maps.has(view.map) ? board.geometry(view.map).partitions.get(target) : undefined;
  if (def) return { edges: def.edges.map((e) => e.split("|") as [string, string]), square: null };
  const gadget = view.gadgets.find((g) => g.id === target);
  return gadget && !board.isUpper(gadget.at) ? { edges: [], square: gadget.at } : null;
}
