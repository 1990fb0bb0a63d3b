/**
 * The Siege controls, built only from the viewer's legal commands (`legalCommandsInView` of its
 * own projection): nothing is offered that the rules would refuse. A command kind is chosen,
 * then each field that still varies (operator, token, real or decoy, gadget, watch, target...)
 * from a list; the place (`at` or `to`) is chosen on the map or from the buttons. The secret
 * pick (seed 004 "팀 준비") has its own form: operators and gadget cubes, sent only when it
 * matches a legal pick.
 */
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { canonicalJson } from "@fogwar/engine";
import type { SiegeCommand, SiegeView } from "@fogwar/siege";
import { describeCommand, gadgetName, opName, valueWords, type SiegeWords } from "./words";

/** Fields chosen on the map (the first present is the command's place). */
export const PLACE_FIELDS = ["to", "at"] as const;

type Loose = Record<string, unknown>;
const enc = (v: unknown) => canonicalJson(v ?? null);

/** The place a command is aimed at on the map, if any. */
export function placeOf(c: SiegeCommand): string | null {
  const loose = c as unknown as Loose;
  for (const f of PLACE_FIELDS) if (typeof loose[f] === "string") return loose[f] as string;
  return null;
}

/** The command builder's state: the chosen kind and field values; `candidates` are the legal commands still matching. */
export function useCommandBuilder(legal: readonly SiegeCommand[]) {
  const [kindChoice, setKind] = useState<string | null>(null);
  const [choices, setChoices] = useState<Record<string, string>>({});
  const kinds = useMemo(() => [...new Set(legal.map((c) => c.type))], [legal]);
  const kind = kindChoice && kinds.includes(kindChoice as SiegeCommand["type"]) ? kindChoice : (kinds.find((k) => k !== "pick" && k !== "end_phase" && k !== "end_setup" && k !== "hold" && k !== "keep") ?? kinds[0] ?? null);
  const ofKind = legal.filter((c) => c.type === kind);
  // Fields in first-seen order, place fields last (they are picked on the map).
  const fieldOrder: string[] = [];
  for (const c of ofKind) for (const k of Object.keys(c)) if (k !== "type" && !fieldOrder.includes(k)) fieldOrder.push(k);
  const selectFields = fieldOrder.filter((f) => !(PLACE_FIELDS as readonly string[]).includes(f));
  let remaining = ofKind;
  const selects: { field: string; options: string[]; value: string }[] = [];
  for (const field of selectFields) {
    const options = [...new Set(remaining.map((c) => enc((c as unknown as Loose)[field])))];
    if (options.length === 0) continue;
    const value = choices[field] !== undefined && options.includes(choices[field]) ? choices[field] : (options[0] as string);
    if (options.length > 1) selects.push({ field, options, value });
    remaining = remaining.filter((c) => enc((c as unknown as Loose)[field]) === value);
  }
  return {
    kinds,
    kind,
    selects,
    candidates: remaining,
    setKind: (k: string) => {
      setKind(k);
      setChoices({});
    },
    choose: (field: string, value: string) => setChoices((c) => ({ ...c, [field]: value })),
    reset: () => setChoices({}),
  };
}

export type CommandBuilder = ReturnType<typeof useCommandBuilder>;

export interface SiegeControlsProps {
  readonly view: SiegeView;
  readonly builder: CommandBuilder;
  readonly legal: readonly SiegeCommand[];
  readonly onCommand: (command: SiegeCommand) => void;
}

const SHOWN = 24;

export function SiegeControls({ view, builder, legal, onCommand }: SiegeControlsProps) {
  const { t, i18n } = useTranslation("siege");
  const w: SiegeWords = { t, language: i18n.language };
  if (legal.length === 0) {
    return (
      <section className="siege-controls" aria-label={t("controls.title")}>
        <h3>{t("controls.title")}</h3>
        <p>{t("controls.none")}</p>
      </section>
    );
  }
  const { kinds, kind, selects, candidates } = builder;
  const placed = candidates.filter((c) => placeOf(c) !== null);
  return (
    <section className="siege-controls" aria-label={t("controls.title")}>
      <h3>{t("controls.title")}</h3>
      <div className="kinds" role="group" aria-label={t("controls.kind")}>
        {kinds.map((k) => (
          <button key={k} type="button" aria-pressed={k === kind} onClick={() => builder.setKind(k)} data-kind={k}>
            {t(`cmd.${k}`)}
          </button>
        ))}
      </div>
      {kind === "pick" ? (
        <PickForm picks={legal.filter((c): c is Extract<SiegeCommand, { type: "pick" }> => c.type === "pick")} w={w} onCommand={onCommand} />
      ) : (
        <>
          {selects.map((s) => (
            <p key={s.field}>
              <label>
                {t(`fields.${s.field}`, { defaultValue: s.field })}{" "}
                <select value={s.value} onChange={(e) => builder.choose(s.field, e.target.value)} data-field={s.field}>
                  {s.options.map((o) => (
                    <option key={o} value={o}>
                      {valueWords(w, s.field, JSON.parse(o), view)}
                    </option>
                  ))}
                </select>
              </label>
            </p>
          ))}
          {placed.length > 0 && <p className="hint">{t("controls.clickMap")}</p>}
          <ul className="command-list">
            {candidates.slice(0, SHOWN).map((c) => (
              <li key={enc(c)}>
                <button type="button" className="primary" onClick={() => onCommand(c)} data-command={c.type}>
                  {describeCommand(w, c, view)}
                </button>
              </li>
            ))}
            {candidates.length > SHOWN && <li>{t("controls.more", { count: candidates.length - SHOWN })}</li>}
          </ul>
        </>
      )}
    </section>
  );
}

/** The secret pick: operators (checkboxes) and cubes per gadget; sent only as a legal pick. */
function PickForm({ picks, w, onCommand }: { picks: readonly Extract<SiegeCommand, { type: "pick" }>[]; w: SiegeWords; onCommand: (c: SiegeCommand) => void }) {
  const operators = [...new Set(picks.flatMap((p) => p.operators))].sort();
  const gadgets = [...new Set(picks.flatMap((p) => Object.keys(p.inventory)))].sort();
  const first = picks[0];
  const [chosen, setChosen] = useState<string[]>(() => [...(first?.operators ?? [])]);
  const [cubes, setCubes] = useState<Record<string, number>>(() => ({ ...(first?.inventory ?? {}) }));
  const wanted = enc({ operators: [...chosen].sort(), inventory: Object.fromEntries(Object.entries(cubes).filter(([, n]) => n > 0)) });
  const match = picks.find((p) => enc({ operators: [...p.operators].sort(), inventory: p.inventory }) === wanted);
  return (
    <form
      className="pick-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (match) onCommand(match);
      }}
    >
      <h4>{w.t("controls.pickTitle")}</h4>
      <fieldset>
        <legend>{w.t("fields.operators")}</legend>
        {operators.map((o) => (
          <label key={o} className="check">
            <input type="checkbox" checked={chosen.includes(o)} onChange={(e) => setChosen((c) => (e.target.checked ? [...c, o] : c.filter((x) => x !== o)))} /> {opName(w, o)}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>{w.t("fields.inventory")}</legend>
        {gadgets.map((g) => (
          <label key={g} className="check">
            {gadgetName(w, g)}{" "}
            <input type="number" min={0} max={9} value={cubes[g] ?? 0} onChange={(e) => setCubes((c) => ({ ...c, [g]: Math.max(0, Number(e.target.value) || 0) }))} style={{ width: "3.5em" }} />
          </label>
        ))}
      </fieldset>
      {!match && <p role="alert">{w.t("controls.pickInvalid")}</p>}
      <button type="submit" className="primary" disabled={!match}>
        {w.t("controls.pickSend")}
      </button>
    </form>
  );
}
