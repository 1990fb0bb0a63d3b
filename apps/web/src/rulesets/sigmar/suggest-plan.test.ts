/**
 * Core C5-C7 on the table, over random battles: every placement the table suggests (its "suggest
 * the best placement" button, and the snap of a drop the rules refuse) becomes a command of the
 * right shape, which the rules then judge by their rules, never refuse as malformed. (A model the
 * helper left where it stood once came back as the model itself, id and all: the command was
 * refused as "not well formed".) Seeded random battles (../../../test/sigmar-play.ts); every seat's projection is checked at
 * every step.
 */
import { seatViewer } from "@fogwar/engine";
import { sigmar, templatesInView, type SigmarCommand, type SigmarView } from "@fogwar/sigmar";
import { randomBattle } from "../../../test/sigmar-play";
import { bestPlacement } from "./placing";
import { check, templateFor } from "./commands";

jest.setTimeout(120_000);

test("core C5-C7: every suggested placement of 4 seeded random battles is a well-formed command (points only), never refused as malformed", () => {
  const malformed: string[] = [];
  let suggested = 0;
  for (let g = 0; g < 4; g++) {
    let n = 0;
    for (const { state } of randomBattle(`suggest-plan-${g}`, 600)) {
      n += 1;
      for (const seat of ["p1", "p2"] as const) {
        const view = sigmar.viewFor(state, seatViewer(seat)) as SigmarView;
        const offered = templatesInView(view, seat);
        for (const t of offered) {
          const unit = "unit" in t.command ? (t.command as { unit: string }).unit : (view.pending as { unit?: string } | null)?.unit;
          const to = unit ? bestPlacement(view, unit) : null;
          const base = unit ? templateFor(offered, unit) : undefined;
          if (!to || !base) continue;
          suggested += 1;
          expect(to.every((p) => Object.keys(p).sort().join() === "x,y")).toBe(true);
          if (check(view, seat, { ...base.command, models: to } as SigmarCommand) === "malformed_command") malformed.push(`battle ${g} step ${n}: ${seat} ${base.command.type} ${unit}`);
        }
      }
    }
  }
  expect(suggested).toBeGreaterThan(100);
  expect(malformed).toEqual([]);
});
