/**
 * Siege's how-to-play page part: the quick reference of the terms its table explains (walls,
 * openings, statuses, dice colours), and the numbers the guide quotes from its rules' data.
 */
import rules from "@fogwar/siege/data/rules.json";
import type { RulesetGuide } from "../adapter";
import "../../i18n/siege-strings";

/**
 * The rules' numbers the guide quotes (`{{movementPoints}}`, `{{actions}}`...), from the rules'
 * data (packages/siege/data/rules.json): an activation's movement points, spent on moves that are
 * no action, and its different actions besides moving (seed 004_cb264102299fbb71.txt "오퍼레이터
 * 활성화": "이동 액션과 다른 액션 두개"; "이동": "활성화 된 오퍼레이터는 이동력 5를 얻는다").
 */
export const SIEGE_NUMBERS = {
  movementPoints: rules.movementPoints,
  actions: rules.actionsPerActivation,
  activationsMin: rules.activationsPerPhase.min,
  activationsMax: rules.activationsPerPhase.max,
  operators: rules.operatorsPerTeam,
} as const;

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
  numbers: SIEGE_NUMBERS,
};
