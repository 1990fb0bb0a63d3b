/** The pending decision on the Age of Sigmar table, in words, with the rule behind it explained beside it. */
import { query, type SigmarView } from "@fogwar/sigmar";
import { abilityName, unitName, type SigmarWords } from "./words";
import { Tip, type SigmarTip } from "./tips";
import { chargeReach, reachWords } from "./MoveTools";

/** The pending decision, in words. */
export function Pending({ w, view, seat }: { w: SigmarWords; view: SigmarView; seat: string | null }) {
  const p = view.pending;
  if (!p) return null;
  const u = (id: string) => unitName(w, view, id);
  const text =
    p.kind === "run_move"
      ? w.t("pending.run_move", { unit: u(p.unit), inches: (query.ws(view.units[p.unit]!).move + p.roll).toString() })
      : p.kind === "charge_move"
        ? chargeText(w, view, p)
        : p.kind === "place_models"
          ? w.t("pending.place_models", { unit: u(p.unit), count: p.count })
          : p.kind === "replacement"
            ? w.t("pending.replacement", { unit: u(p.unit), count: p.count })
            : p.kind === "riposte"
              ? w.t("pending.riposte", { unit: u(p.unit), target: u(p.target) })
              : p.kind === "must_target"
                ? w.t("pending.must_target", { ability: abilityName(w, p.ability) })
                : p.kind === "priority"
                  ? w.t("pending.priority", { rolls: Object.entries(p.rolls).map(([s, n]) => `${w.name(s)} ${n}`).join(", ") })
                  : p.kind === "retreat_move"
                  ? w.t("pending.retreat_move", { unit: u(p.unit), inches: (p.max / 100).toString() })
                  : p.kind === "remove_models"
                  ? w.t("pending.remove_models", { unit: u(p.unit), count: p.count })
                  : p.kind === "phase_window"
                  ? w.t(p.at === "start" ? "pending.window_start" : "pending.window_end", { phase: w.t(`phase.${view.step}`) })
                  : p.kind === "rally"
                  ? w.t("pending.rally", { unit: u(p.unit), points: p.points, count: p.returnable, health: p.health })
                  : w.t(`pending.${p.kind}`);
  return (
    <p className="pending keep-folded" role="status">
      ! {p.seat === seat || seat === null ? text : `${text} ${w.t("pending.waiting", { name: w.name(p.seat) })}`} <Tip t={w.t} tip={PENDING_TIPS[p.kind]} />
    </p>
  );
}

/**
 * A pending charge's prompt (core rule C6: the charge must end within 1" of the target): drag it
 * there, or, when the roll is shorter than the least the charge needs (the nearest models' gap
 * less 1"), that it cannot reach and can only fail: no drag can then place it.
 */
function chargeText(w: SigmarWords, view: SigmarView, p: Extract<NonNullable<SigmarView["pending"]>, { kind: "charge_move" }>): string {
  const reach = chargeReach(view, p.unit);
  const words = { unit: unitName(w, view, p.unit), roll: p.roll, target: unitName(w, view, p.target) };
  return reach && reach.need > reach.roll ? w.t("pending.charge_short", { ...reachWords(view, w, reach), ...words }) : w.t("pending.charge_move", words);
}

/** The rule behind each kind of decision, explained beside its prompt. */
const PENDING_TIPS: Record<NonNullable<SigmarView["pending"]>["kind"], SigmarTip> = {
  run_move: "run",
  charge_move: "phase.charge",
  place_models: "returning",
  replacement: "replacement",
  riposte: "fightAtOnce",
  must_target: "abilities",
  order_neutral: "stone",
  order_effects: "order",
  phase_window: "abilities",
  priority: "round",
  rally: "rally",
  remove_models: "coherency",
  retreat_move: "retreat",
};
