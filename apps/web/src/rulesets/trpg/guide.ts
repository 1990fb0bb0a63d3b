/** The TRPG's how-to-play page part: the quick reference of the terms its table explains (cover, hazards, concealment, overwatch, the round-end step). */
import type { RulesetGuide } from "../adapter";
import "../../i18n/trpg-strings";

export const guide: RulesetGuide = {
  id: "trpg",
  reference: (t) =>
    [
      ...["half", "three_quarter", "full_hard", "full_medium", "full_soft", "wall"].map((k) => [`trpg:terrain.${k}`, `help:trpg.${k}`] as const),
      ["trpg:map.legendHazard", "help:trpg.hazard"] as const,
      ["trpg:map.legendConcealed", "help:trpg.concealed"] as const,
      ["trpg:map.legendLastSeen", "help:trpg.lastSeen"] as const,
      ["trpg:map.legendCone", "help:trpg.cone"] as const,
      ["trpg:status.incapacitated", "help:trpg.incapacitated"] as const,
      ["trpg:phase.round_end", "help:trpg.roundEnd"] as const,
    ].map(([term, help]) => [t(term), t(help)] as const),
};
