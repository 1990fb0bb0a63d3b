/** Siege's how-to-play page part: the quick reference of the terms its table explains (walls, openings, statuses, dice colours). */
import type { RulesetGuide } from "../adapter";
import "../../i18n/siege-strings";

export const guide: RulesetGuide = {
  id: "siege",
  reference: (t) =>
    [
      ...["thick", "reinforced", "thin", "holed", "door", "window", "barricaded", "smoke"].map((k) => [`siege:legend.${k}`, `help:siege.${k}`] as const),
      ["siege:operators.hidden", "help:siege.hidden"] as const,
      ["siege:operators.pinged", "help:siege.pinged"] as const,
      ["siege:operators.stunned", "help:siege.stunned"] as const,
      ...["yellow", "orange", "red"].map((k) => [`siege:colour.${k}`, `help:siege.${k}`] as const),
    ].map(([term, help]) => [t(term), t(help)] as const),
};
