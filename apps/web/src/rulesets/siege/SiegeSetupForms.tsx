/**
 * The Siege setup's forms (seed 004_cb264102299fbb71.txt "팀 준비", "세팅"): the secret pick
 * (operators and gadget cubes, sent only when it matches a legal pick), the defence's setup
 * gadgets still to place with what each does, and the defence's secret tokens in words for its
 * own eyes. Everything is named in words, never by id.
 */
import { useState } from "react";
import { catalog, type SiegeCommand, type SiegeView } from "@fogwar/siege";
import { byName, gadgetEffect, gadgetLimit, gadgetName, opName, tokenName, type SiegeWords } from "./words";
import { DiceKey, OperatorCard } from "./SiegeAids";
import { enc } from "./command-builder";

const RULES = catalog.data.rules;

/**
 * The defence's setup hint (seed 004 "세팅", "도구 특성" setup): where setup gadgets go, then each
 * setup gadget the team picked and has still to place, with what it does, from the rules' data
 * (`gadgetName`, `gadgetEffect` of the catalog), as the gadget descriptions of the pick say it.
 */
export function SetupGadgetsHelp({ view, w }: { view: SiegeView; w: SiegeWords }) {
  const left = Object.entries(view.setupGadgets).filter(([, n]) => n > 0);
  return (
    <div className="hint setup-help">
      <p>{w.t("setupHelp.gadgets")}</p>
      {left.length > 0 && (
        <ul className="setup-gadgets">
          {left.map(([id]) => (
            <li key={id} data-gadget={id}>
              <strong>{gadgetName(w, id)}</strong>: {gadgetEffect(w, id)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The defence's secret tokens in words, for its own eyes (the view names the real ones only for
 * the defence): per hidden operator, where its real token and its decoy are.
 */
export function SecretTokens({ view, w }: { view: SiegeView; w: SiegeWords }) {
  const real = view.hidden.real;
  const ops = Object.keys(real);
  if (ops.length === 0) return null;
  return (
    <section className="secret-tokens" aria-label={w.t("picker.tokensTitle")}>
      <h3>{w.t("picker.tokensTitle")}</h3>
      <ul>
        {ops.map((op) => (
          <li key={op}>
            <strong>{opName(w, op)}</strong>:{" "}
            {view.tokens
              .filter((tk) => tk.operator === op)
              .sort((a, b) => (a.id === real[op] ? -1 : b.id === real[op] ? 1 : 0))
              .map((tk) => tokenName(w, tk.id, view))
              .join(" · ")}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The secret pick: operators (checkboxes, each with its abilities) and cubes per gadget (each
 * with its effect and limit in words); sent only as a legal pick.
 */
export function PickForm({ picks, w, onCommand }: { picks: readonly Extract<SiegeCommand, { type: "pick" }>[]; w: SiegeWords; onCommand: (c: SiegeCommand) => void }) {
  const operators = byName(w, [...new Set(picks.flatMap((p) => p.operators))]);
  const gadgets = [...new Set(picks.flatMap((p) => Object.keys(p.inventory)))].sort();
  const first = picks[0];
  const [chosen, setChosen] = useState<string[]>(() => [...(first?.operators ?? [])]);
  const [cubes, setCubes] = useState<Record<string, number>>(() => ({ ...(first?.inventory ?? {}) }));
  const wanted = enc({ operators: [...chosen].sort(), inventory: Object.fromEntries(Object.entries(cubes).filter(([, n]) => n > 0)) });
  const match = picks.find((p) => enc({ operators: [...p.operators].sort(), inventory: p.inventory }) === wanted);
  const spent = Object.values(cubes).reduce((a, n) => a + n, 0);
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
        <legend>{w.t("controls.pickOperators")}</legend>
        <p className="hint">{w.t("controls.pickCount", { n: chosen.length, max: RULES.operatorsPerTeam })}</p>
        <DiceKey w={w} />
        {operators.map((o) => {
          const profile = catalog.operators.get(o);
          return (
            <label key={o} className="check op-choice">
              <input type="checkbox" checked={chosen.includes(o)} onChange={(e) => setChosen((c) => (e.target.checked ? [...c, o] : c.filter((x) => x !== o)))} /> <strong>{opName(w, o)}</strong>
              {profile && <OperatorCard op={profile} w={w} />}
            </label>
          );
        })}
      </fieldset>
      <fieldset>
        <legend>{w.t("controls.pickInventory")}</legend>
        <p className="hint">{w.t("controls.cubes", { spent: spent, total: RULES.inventoryCubes, max: RULES.maxCubesPerGadget })}</p>
        {gadgets.map((g) => (
          <label key={g} className="check gadget-choice" data-gadget={g}>
            <strong>{gadgetName(w, g)}</strong>{" "}
            <input type="number" min={0} max={RULES.maxCubesPerGadget} value={cubes[g] ?? 0} onChange={(e) => setCubes((c) => ({ ...c, [g]: Math.min(RULES.maxCubesPerGadget, Math.max(0, Number(e.target.value) || 0)) }))} style={{ width: "3.5em" }} />{" "}
            <span className="hint">{w.t("controls.cubeLimit", { max: RULES.maxCubesPerGadget })}</span>
            <span className="gadget-card">
              <span className="gadget-effect">{gadgetEffect(w, g)}</span>
              <br />
              <span className="gadget-limit">{gadgetLimit(w)}</span>
            </span>
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
