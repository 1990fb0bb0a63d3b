/** Age of Sigmar's how-to-play page part: every term its table explains (./tips.tsx), and the numbers the guide quotes from its rules' data. */
import type { RulesetGuide } from "../adapter";
import { SIGMAR_NUMBERS, SIGMAR_TERMS, tipText, type SigmarTip } from "./tips";

export const guide: RulesetGuide = {
  id: "sigmar",
  reference: (t) =>
    (Object.keys(SIGMAR_TERMS) as SigmarTip[]).map((tip) => {
      const { term, help } = tipText(t, tip);
      return [term, help] as const;
    }),
  numbers: SIGMAR_NUMBERS,
};
