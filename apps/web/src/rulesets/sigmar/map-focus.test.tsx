/**
 * Where the Age of Sigmar map opens zoomed in on a phone (SigmarMap.tsx `mapFocus`): on the
 * viewer's own models, drawn for each player with its own edge at the bottom (p2's map is turned).
 */
import { deserialize, serialize } from "node:v8";
import { seatViewer, spectator } from "@fogwar/engine";
import { sigmar } from "@fogwar/sigmar";
import { mapFocus } from "./SigmarMap";
import { playSigmar } from "../../../test/sigmar-play";

globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;
jest.setTimeout(60_000);

test("each player's map opens on its own models in the lower half (its own edge at the bottom); a spectator's on the top left", () => {
  const { state } = playSigmar((s) => s.phase === "battle", "web-map-focus");
  for (const seat of ["p1", "p2"] as const) {
    const view = sigmar.viewFor(state, seatViewer(seat));
    const focus = mapFocus(view, seat)!;
    expect({ seat, lower: focus.y > 0.5, inside: focus.x > 0 && focus.x < 1 }).toEqual({ seat, lower: true, inside: true });
    // The other player's models would be in the upper half of this player's map.
    const other = seat === "p1" ? "p2" : "p1";
    const theirs = { ...view, units: Object.fromEntries(Object.entries(view.units).map(([id, u]) => [id, { ...u, owner: u.owner === other ? seat : other }])) };
    expect(mapFocus(theirs, seat)!.y).toBeLessThan(0.5);
  }
  expect(mapFocus(sigmar.viewFor(state, spectator), null)).toBeNull();
});
