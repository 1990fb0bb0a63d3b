/** EMBER's how-to-play page part: the quick reference of the terms its table explains (timing dials, die faces, stances, parts, statuses). */
import type { RulesetGuide } from "../adapter";
import "../../i18n/table-strings";

export const guide: RulesetGuide = {
  id: "ember",
  reference: (t) =>
    [
      ...["quick", "melee", "launch", "shoot", "move", "tactical"].map((k) => [`table:timing.${k}`, `help:timing.${k}`] as const),
      ...["light", "heavy", "defend", "evade", "eye", "lightning", "blank"].map((k) => [`table:face.${k}`, `help:face.${k}`] as const),
      ...["DEF", "MOB", "OFF", "SHUTDOWN"].map((k) => [`table:stance.${k}`, `help:stance.${k}`] as const),
      ...["torso", "chassis", "left_arm", "right_arm"].map((k) => [`table:slot.${k}`, `help:part.${k}`] as const),
      ["table:damaged", "help:status.damaged"] as const,
      ["table:panel.link", "help:status.link"] as const,
    ].map(([term, help]) => [t(term), t(help)] as const),
};
