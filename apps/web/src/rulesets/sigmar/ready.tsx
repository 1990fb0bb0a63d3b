/**
 * Who can act now in the shooting and combat phases: the seat's units that may still shoot (or
 * fight) at this moment, read from the rules' own legal commands (`legalCommandsInView`), each a
 * button that selects it; then the seat's other units on the battlefield, each with the rule that
 * holds it back when the table's aids are shown (./why.ts: project core rules C3, C5-C7, seed 003
 * 19, 20 and 24).
 */
import type { SigmarCommand, SigmarView } from "@fogwar/sigmar";
import { unitName, type SigmarWords } from "./words";
import { whyNot, type WhyNot } from "./why";
import { Tip } from "./tips";
import { UnitButtons } from "./UnitButtons";

/** The seat's units that can act now (`ready`, by unit id in the rules' order) and the rest on the battlefield (`held`, with why when known). */
export interface Readiness {
  readonly kind: "shoot" | "fight";
  readonly ready: readonly string[];
  readonly held: readonly { readonly unit: string; readonly why: WhyNot | null }[];
}

/**
 * Who can shoot (shooting phase) or fight (combat phase) now among `seat`'s units: a unit is
 * ready when `legal` holds a `shoot` (or `fight`) command of it. Null outside those phases, while
 * a decision is pending, or when it is not the seat's move (`legal` empty).
 */
export function readiness(view: SigmarView, seat: string, legal: readonly SigmarCommand[]): Readiness | null {
  if (view.phase !== "battle" || view.pending || legal.length === 0) return null;
  const kind = view.step === "shooting" ? "shoot" : view.step === "combat" ? "fight" : null;
  if (!kind) return null;
  const ready = [...new Set(legal.flatMap((c) => (c.type === kind ? [c.unit] : [])))];
  const held = Object.values(view.units)
    .filter((u) => u.owner === seat && u.where === "field" && !ready.includes(u.id))
    .map((u) => ({ unit: u.id, why: whyNot(view, seat, u.id, legal.filter((c) => c.type !== kind && c.type !== "pass_fight")) }));
  return { kind, ready, held };
}

/** The list: "Can shoot now" with a button per unit (pressed when selected), then "Cannot now" with reasons (`reasons`: the aids are shown). */
export function ReadyList({ w, view, seat, legal, selected, onSelect, reasons }: { w: SigmarWords; view: SigmarView; seat: string; legal: readonly SigmarCommand[]; selected: string | null; onSelect: (id: string) => void; reasons: boolean }) {
  const r = readiness(view, seat, legal);
  if (!r) return null;
  const t = w.t;
  return (
    <section className="ready-list" aria-label={t(`ready.${r.kind}.title`)}>
      <h3>
        <Tip t={t} tip={r.kind === "shoot" ? "phase.shooting" : "phase.combat"}>
          {t(`ready.${r.kind}.title`)}
        </Tip>
      </h3>
      {r.ready.length === 0 ? (
        <p className="hint">{t(`ready.${r.kind}.none`)}</p>
      ) : (
        <UnitButtons w={w} view={view} units={r.ready} selected={selected} onSelect={onSelect} className="ready-units" />
      )}
      {r.held.length > 0 && (
        <details className="held-units">
          <summary>{t("ready.held", { count: r.held.length })}</summary>
          <ul>
            {r.held.map(({ unit, why }) => (
              <li key={unit}>
                <button type="button" className="link" aria-pressed={selected === unit} onClick={() => onSelect(unit)}>
                  {unitName(w, view, unit)}
                </button>
                {reasons && why && <> · {t(`why.${why.key}`, why.values ?? {})}</>}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
