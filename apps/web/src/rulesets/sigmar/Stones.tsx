/**
 * The standing stones' order explained where it is asked (the `order_neutral` decision at the start
 * of a turn): what each stone does to the units wholly within its ring (the battleplan's terrain
 * passives, packages/sigmar/data/battleplan.json), and what putting one last means. Seed 003 30:
 * passive abilities of terrain that belongs to neither army are neutral, and when two apply the
 * active player chooses their order; seed 003 29: where they disagree the one applied last stands.
 */
import { catalog, type SigmarView } from "@fogwar/sigmar";
import { abilityName, local, type SigmarWords } from "./words";
import { Tip } from "./tips";

/** One stone's effect in words: "Mirestone (Mire's grip): a unit wholly within 6" of it has Move 4"." */
export function stoneText(w: SigmarWords, passiveId: string): string {
  const stone = catalog.battleplan.terrain.find((x) => x.passive?.id === passiveId);
  const p = stone?.passive;
  if (!stone || !p) return abilityName(w, passiveId);
  const effect = p.stat === "move" && p.op === "set" ? w.t("unit.move", { n: p.value }) : w.t("stones.other");
  return w.t("stones.effect", { stone: local(w, stone.name), ability: local(w, p.name), inches: p.distance, effect });
}

/** The explanation under the order decision: each stone's effect, then what the order decides. */
export function StonesOrder({ w, view }: { w: SigmarWords; view: SigmarView }) {
  const p = view.pending;
  if (p?.kind !== "order_neutral") return null;
  return (
    <div className="stones-order" role="note">
      <p>
        <strong>
          <Tip t={w.t} tip="stone">
            {w.t("stones.title")}
          </Tip>
        </strong>
      </p>
      <ul>
        {p.items.map((id) => (
          <li key={id}>{stoneText(w, id)}</li>
        ))}
      </ul>
      <p className="hint">{w.t("stones.rule")}</p>
    </div>
  );
}
