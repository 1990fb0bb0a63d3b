/** Compact rows of commands on the Age of Sigmar table: each unit's moves, shots, charges and fights on one line, labelled without the unit's name. */
import type { SigmarCommand, SigmarView } from "@fogwar/sigmar";
import { commandText } from "./commands";
import { unitName, type SigmarWords } from "./words";

/** The commands shown in a unit's compact row (with no unit selected). */
export const ROW_TYPES = new Set<SigmarCommand["type"]>(["move", "run", "retreat", "shoot", "charge", "fight", "pass_fight"]);

/** A command's label without its unit's name (the row names the unit). */
export function shortText(w: SigmarWords, view: SigmarView, c: SigmarCommand): string {
  const u = (id: string) => unitName(w, view, id);
  switch (c.type) {
    case "move":
      return w.t("controls.move");
    case "run":
      return w.t("controls.run");
    case "retreat":
      return w.t("controls.retreat");
    case "shoot":
    case "charge":
    case "fight": {
      const full = commandText(w, view, c);
      const prefix = `${u(c.unit)}: `;
      return full.startsWith(prefix) ? full.slice(prefix.length) : full;
    }
    default:
      return commandText(w, view, c);
  }
}
