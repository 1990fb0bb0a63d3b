/**
 * The Siege controls, built only from the viewer's legal commands (`legalCommandsInView` of its
 * own projection): nothing is offered that the rules would refuse.
 *
 * Driven by the map: a command kind is chosen (the likeliest is preselected: activate, move,
 * place a token...); kinds that are a single command (run, end the activation) are buttons that
 * send it. Then each field that still varies is answered in order: fields that name something on
 * the map (an operator, a token, a square, a wall, door or window, a gadget) wait for a click on
 * the highlighted things of the map; the others (gadget, facing, real or decoy token...) are
 * lists with a sensible first choice. A click that leaves a single command sends it (select an
 * operator, click a square to move, click a target). Every map choice is also a list (keyboard
 * and screen readers), followed by a "Do it" button; the Where list of a step also offers the
 * squares a walk of several steps reaches (as the map does), whose button starts that walk. A choice not sent yet (an operator or a
 * gadget picked, a kind chosen) is taken back with Cancel, or Escape, one choice at a time.
 * Everything is named in words, never by id.
 * The secret pick (seed 004 "팀 준비") has its own form (./SiegeSetupForms.tsx), and the
 * decisions asked outside a team's moves theirs (./SiegeDecisions.tsx); the command builder is
 * ./command-builder.ts.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { catalog, type Reachable, type SiegeCommand, type SiegeView, type StepCommand } from "@fogwar/siege";
import { describeCommand } from "./sentences";
import { localName, opName, tokenName, valueWords, type SiegeWords } from "./words";
import { WhyNot } from "./SiegeAids";
import { ShotOdds } from "./ShotOdds";
import { enc, soleOperator, useEscapeCancels, type CommandBuilder, type OpenField } from "./command-builder";
import { FireBack, ReactionAnswers, useAnswersInSight } from "./SiegeDecisions";
import { PickForm, SetupGadgetsHelp } from "./SiegeSetupForms";
import "../../i18n/siege-strings";

export interface SiegeControlsProps {
  readonly view: SiegeView;
  readonly builder: CommandBuilder;
  readonly legal: readonly SiegeCommand[];
  readonly onCommand: (command: SiegeCommand) => void;
  /**
   * While the square a step goes to is asked: the squares further than one step the walker
   * reaches this activation, each with its walk and the movement it spends (the rules'
   * `reachableSquares`, seed 004 "이동"), offered in the Where list after the one-step squares,
   * as a tap on the map offers them.
   */
  readonly walks?: ReadonlyMap<string, Pick<Reachable, "path" | "cost">>;
  /** Starts a walk chosen in the Where list (the table sends it one step at a time, as for a tap). */
  readonly onWalk?: (path: readonly StepCommand[]) => void;
}

/** `text` in sentence case for a label or a list entry: its first letter a capital, in `language`'s way (Korean has no case: unchanged). */
export const sentenceCase = (text: string, language: string): string => text.charAt(0).toLocaleUpperCase(language) + text.slice(1);

export function SiegeControls({ view, builder, legal, onCommand, walks, onWalk }: SiegeControlsProps) {
  const { t, i18n } = useTranslation("siege");
  const w: SiegeWords = { t, language: i18n.language };
  // A walk destination chosen in the Where list (encoded square), not sent yet.
  const [walkTo, setWalkTo] = useState<string | null>(null);
  useEscapeCancels(builder);
  // A reaction's or a reroll's answers are brought into the bar's sight when asked (./SiegeDecisions.tsx).
  const { answering, rerolling, answersRef, rerollRef } = useAnswersInSight(view, legal);
  if (legal.length === 0) {
    return (
      <section className="siege-controls" aria-label={t("controls.title")}>
        <p>{t(view.phase === "finished" ? "controls.over" : "controls.none")}</p>
      </section>
    );
  }
  const { kinds, kind, single, fields, waiting, command } = builder;
  const send = (c: SiegeCommand) => {
    builder.reset();
    onCommand(c);
  };
  // The special gadget named as the operator's profile names it ("Ram charge (special gadget)", seed 004 "능력").
  const special = view.activation ? catalog.operators.get(view.activation.operator)?.special : undefined;
  const kindName = (k: string) => (k === "special" && special ? t("cmd.specialNamed", { name: localName(w, special.name) }) : t(`cmd.${k}`));
  if (answering) return <ReactionAnswers view={view} legal={legal} w={w} answersRef={answersRef} onCommand={send} />;
  // Outside an activation (which names its operator), the one operator every command left is
  // about is named: the last one to deploy was not, as its list had nothing left to choose.
  const lone = !view.activation && !fields.some((f) => f.field === "operator") ? soleOperator(builder.candidates) : null;
  // A list's entries and buttons read in sentence case, as its label does ("North", "No watch"; Korean has no case).
  const valueText = (field: string, o: string) => sentenceCase(field === "token" ? tokenName(w, JSON.parse(o) as string, view) : valueWords(w, field, JSON.parse(o), view), w.language);
  /** The walks the waiting Where field offers besides its one-step squares (encoded square, walk). */
  const walkOptions = (f: OpenField) =>
    f === waiting && kind === "step" && f.field === "to" && walks && onWalk ? [...walks].map(([to, walk]) => [enc(to), walk] as const).filter(([o]) => !f.options.includes(o)) : [];
  const chosenWalk = waiting ? walkOptions(waiting).find(([o]) => o === walkTo)?.[1] : undefined;
  /** The walk in words: the move to its last square, how many step commands it takes and the movement it spends. */
  const walkWords = ({ path, cost }: Pick<Reachable, "path" | "cost">) => {
    const last = path[path.length - 1]!;
    const move = describeCommand(w, { type: "step", operator: last.operator, ...(last.token !== undefined ? { token: last.token } : {}), to: last.to }, view);
    return t("walk.send", { move, count: path.length, cost });
  };
  return (
    <section ref={rerolling ? rerollRef : undefined} className={rerolling ? "siege-controls reroll-answers" : "siege-controls"} aria-label={t("controls.title")}>
      <div className="kinds" role="group" aria-label={t("controls.kind")}>
        {kinds.map((k) =>
          single.has(k) && k !== kind ? (
            <button key={k} type="button" data-kind={k} data-direct="true" onClick={() => send(legal.find((c) => c.type === k)!)}>
              {kindName(k)}
            </button>
          ) : (
            <button key={k} type="button" aria-pressed={k === kind} onClick={() => builder.setKind(k)} data-kind={k}>
              {kindName(k)}
            </button>
          ),
        )}
      </div>
      {kind === "pick" ? (
        <PickForm picks={legal.filter((c): c is Extract<SiegeCommand, { type: "pick" }> => c.type === "pick")} w={w} onCommand={onCommand} />
      ) : kind === "return_fire" ? (
        <FireBack view={view} answers={legal.filter((c): c is Extract<SiegeCommand, { type: "return_fire" }> => c.type === "return_fire")} w={w} onCommand={send} />
      ) : (
        <>
          {kind === "place_gadget" && view.phase === "defence_setup" && <SetupGadgetsHelp view={view} w={w} />}
          {kind === "edit_component" && <p className="hint setup-help">{t("setupHelp.components")}</p>}
          {kind === "place_token" && <p className="hint setup-help">{t("setupHelp.tokens")}</p>}
          {lone && (
            <p className="field fixed" data-fixed="operator">
              <strong>{t(kind === "deploy" ? "controls.lastToDeploy" : "controls.loneOperator", { op: opName(w, lone) })}</strong>
            </p>
          )}
          {fields.map((f) =>
            f === waiting && !f.onMap ? (
              <div key={f.field} className="field waiting ask" role="group" aria-label={t(`ask.${f.field}`, { defaultValue: t(`fields.${f.field}`) })}>
                <p>
                  <strong>{t(`ask.${f.field}`, { defaultValue: t(`fields.${f.field}`) })}</strong>
                </p>
                {f.options.map((o) => (
                  <button key={o} type="button" data-answer={f.field} onClick={() => builder.choose(f.field, o)}>
                    {valueText(f.field, o)}
                    {f.field === "gadget" && kind === "place_gadget" && ` (${t("setupHelp.left", { n: view.setupGadgets[JSON.parse(o) as string] ?? 0 })})`}
                  </button>
                ))}
              </div>
            ) : (
            <p key={f.field} className={f === waiting ? "field waiting" : "field"}>
              <label>
                {f === waiting ? t(`picker.${f.field}`, { defaultValue: t(`fields.${f.field}`) }) : t(`fields.${f.field}`, { defaultValue: f.field })}{" "}
                <select
                  value={f.value ?? (chosenWalk && walkTo) ?? ""}
                  onChange={(e) => {
                    const value = e.target.value;
                    if (walkOptions(f).some(([o]) => o === value)) return setWalkTo(value);
                    setWalkTo(null);
                    builder.choose(f.field, value);
                  }}
                  data-field={f.field}
                >
                  {f.value === null && <option value="">—</option>}
                  {f.options.map((o) => (
                    <option key={o} value={o}>
                      {valueText(f.field, o)}
                    </option>
                  ))}
                  {walkOptions(f).map(([o, walk]) => (
                    <option key={o} value={o} data-walk="true">
                      {t("walk.option", { place: valueText(f.field, o), count: walk.path.length, cost: walk.cost })}
                    </option>
                  ))}
                </select>
              </label>
            </p>
            ),
          )}
          {builder.canCancel && (
            <p className="cancel-row">
              <button type="button" data-cancel="true" aria-keyshortcuts="Escape" onClick={builder.cancel}>
                {t("controls.cancel")}
              </button>{" "}
              <span className="hint esc-hint">{t("controls.cancelKey")}</span>
            </p>
          )}
          {/* A shot's chance right over its button, both brought into the bar's sight (./ShotOdds.tsx). */}
          {kind === "shoot" && (
            <ShotOdds view={view} w={w} pairs={builder.candidates.flatMap((c) => (c.type === "shoot" ? [[c.operator, c.target] as const] : []))} command={command ?? null} onSend={send} />
          )}
          {chosenWalk && onWalk && (
            <ul className="command-list">
              <li>
                <button
                  type="button"
                  className="primary"
                  data-command="walk"
                  onClick={() => {
                    setWalkTo(null);
                    onWalk(chosenWalk.path);
                  }}
                >
                  {walkWords(chosenWalk)}
                </button>
              </li>
            </ul>
          )}
          {command && kind !== "shoot" && (
            <ul className="command-list">
              <li>
                <button type="button" className="primary" onClick={() => send(command)} data-command={command.type}>
                  {describeCommand(w, command, view)}
                </button>
              </li>
            </ul>
          )}
        </>
      )}
      <WhyNot view={view} legal={legal} w={w} />
    </section>
  );
}
