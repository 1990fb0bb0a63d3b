/**
 * The EMBER match every bench peer plays, as the fogwar driver creates it on the fogwar server:
 * scenario "crossroads", sample armies 0 and 2 of the catalog, seats p1 and p2, no progressive
 * reveal; a fresh random dice seed per match.
 */
import { randomBytes } from "node:crypto";
import { catalog, ember, type EmberSetup, type EmberState } from "@fogwar/ember";

/** The setup of a bench EMBER match. @throws Error when the catalog lacks sample armies 0 and 2. */
export function emberBenchSetup(): EmberSetup {
  const [a, b] = [0, 2].map((i) => catalog.data.armies[i]);
  if (!a || !b) throw new Error("the catalog lacks sample armies 0 and 2");
  return { scenario: "crossroads", seats: ["p1", "p2"], armies: { p1: a, p2: b }, options: { progressiveReveal: false } };
}

/** A new bench EMBER match's initial engine state, with a fresh random dice seed. */
export const newEmberState = (): EmberState => ember.setup(emberBenchSetup(), randomBytes(32).toString("hex")).state;
