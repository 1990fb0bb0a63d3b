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
 * The secret pick (seed 004 "팀 준비") has its own form: operators and gadget cubes, sent only
 * when it matches a legal pick.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { canonicalJson } from "@fogwar/engine";
import { board, catalog, type Reachable, type SiegeCommand, type SiegeView, type StepCommand } from "@fogwar/siege";
import { describeCommand } from "./sentences";
import { byName, gadgetEffect, gadgetLimit, gadgetName, localName, opName, tokenName, valueWords, type SiegeWords } from "./words";
import { DiceKey, OddsPanel, OperatorCard, WhyNot, keptTakesDown } from "./SiegeAids";
import "../../i18n/siege-strings";

type Loose = Record<string, unknown>;
const RULES = catalog.data.rules;
const enc = (v: unknown) => canonicalJson(v ?? null);

/** The order in which a command's fields are answered; fields not listed come after, `via` never (the shortest way is taken). */
const FIELD_ORDER = ["operator", "token", "gadget", "real", "component", "watch", "watches", "facing", "target", "at", "to", "aim", "dice", "fight", "fire"];
/** Fields whose values may be things on the map (answered by a click). */
const MAP_FIELDS = new Set(["operator", "token", "component", "target", "at", "to", "aim"]);
/** Fields never answered by a silent default: the player picks (which gadget to place or throw). */
const ASK_FIELDS = new Set(["gadget"]);
/** The kind preselected when the viewer has not chosen one: the first present. */
const PREFERRED = ["pick", "place_token", "place_gadget", "deploy", "react", "reroll", "contest", "return_fire", "activate", "step", "shoot", "edit_component"];

/** Whether `value` is drawn on the map of `view` (a square or upper area, an operator, a token, a partition, a gadget). */
export function onMap(view: SiegeView, value: unknown): boolean {
  // A field's value may be no place at all (`to: null`: remove a component from the map).
  if (typeof value !== "string") return false;
  if (/^\d+,\d+$/.test(value) || board.isUpper(value)) return true;
  const op = view.operators[value];
  if (op) return op.at !== null || view.tokens.some((t) => t.operator === value);
  return view.tokens.some((t) => t.id === value) || value in view.partitions || view.gadgets.some((g) => g.id === value);
}

/** A field still to answer: its options (encoded) and whether the map answers it. */
export interface OpenField {
  readonly field: string;
  readonly options: readonly string[];
  readonly value: string | null;
  readonly onMap: boolean;
}

/**
 * The dice a reroll is first offered with (`options`: the encoded `dice` index lists of the legal
 * rerolls): every die showing less than its colour's average face (catalog `dice`), else the die
 * furthest below it, so that the suggested answer never rerolls a good die first (seed 004, the
 * reroll tokens). Undefined when no reroll question is open.
 */
export function suggestedReroll(view: SiegeView, options: readonly string[]): string | undefined {
  const pending = view.pending;
  if (pending?.kind !== "reroll") return undefined;
  const average = (colour: keyof typeof catalog.data.dice) => catalog.data.dice[colour].reduce((a, b) => a + b, 0) / 6;
  const below = pending.dice.map((d, i) => ({ i, by: d.value - average(d.colour) }));
  const low = below.filter((d) => d.by < 0).map((d) => d.i);
  const wanted = low.length > 0 ? low : [below.reduce((a, b) => (b.by < a.by ? b : a)).i];
  const encoded = enc(wanted);
  return options.includes(encoded) ? encoded : undefined;
}

/**
 * The kind preselected while the player has chosen none (on a new decision, and after each
 * command sent): the first of {@link PREFERRED} present; keeping the dice when the kept roll
 * already takes the target down (seed 004 "사격" 3-5 and the reroll tokens: a reroll could only
 * spend a token and lower the damage); else none when several kinds are open, so that no action
 * (a watch, a run) is offered as the main button unasked; else the only kind.
 */
export function preferKind(view: SiegeView, kinds: readonly string[]): string | null {
  if (kinds.includes("keep") && keptTakesDown(view)) return "keep";
  return PREFERRED.find((k) => kinds.includes(k)) ?? (kinds.length === 1 ? kinds[0]! : null);
}

/** The operator every command of `commands` names, when they all name the same one; else null. */
function soleOperator(commands: readonly SiegeCommand[]): string | null {
  const ops = new Set(commands.map((c) => ("operator" in c ? c.operator : null)));
  const [only] = ops;
  return ops.size === 1 && typeof only === "string" ? only : null;
}

/** Prefers the direct step over the same move through another square (fewer fields), else the first. */
const preferred = (commands: readonly SiegeCommand[]): SiegeCommand | undefined => commands.find((c) => !("via" in c)) ?? commands[0];

/**
 * Works out, for the chosen kind and answers, which fields are answered (lists with their
 * value), the first field the map must answer (`waiting`), and the legal commands still matching.
 * With `w`, operator answers are in the order of their displayed names, so that a list's first
 * operator, the one preselected, is the first the player reads (seed 004 "공격팀 배치").
 */
export function resolveFields(view: SiegeView, legal: readonly SiegeCommand[], kind: string | null, choices: Readonly<Record<string, string>>, w?: SiegeWords) {
  let remaining = legal.filter((c) => c.type === kind);
  const present: string[] = [];
  for (const c of remaining) for (const k of Object.keys(c)) if (k !== "type" && k !== "via" && !present.includes(k)) present.push(k);
  present.sort((a, b) => (FIELD_ORDER.indexOf(a) + 1 || 99) - (FIELD_ORDER.indexOf(b) + 1 || 99));
  const fields: OpenField[] = [];
  let waiting: OpenField | null = null;
  for (const field of present) {
    const answers = [...new Set(remaining.map((c) => enc((c as unknown as Loose)[field])))];
    const options = field === "operator" && w ? byName(w, answers.map((o) => JSON.parse(o) as string)).map(enc) : answers;
    if (options.length <= 1) continue;
    const mapped = MAP_FIELDS.has(field) && options.some((o) => onMap(view, JSON.parse(o)));
    const chosen = choices[field] !== undefined && options.includes(choices[field]) ? choices[field] : null;
    if (chosen === null && (mapped || ASK_FIELDS.has(field))) {
      waiting = { field, options, value: null, onMap: mapped };
      fields.push(waiting);
      break;
    }
    const value = chosen ?? (field === "dice" ? suggestedReroll(view, options) : undefined) ?? (options[0] as string);
    fields.push({ field, options, value, onMap: mapped });
    remaining = remaining.filter((c) => enc((c as unknown as Loose)[field]) === value);
  }
  return { fields, waiting, candidates: remaining, command: waiting ? undefined : preferred(remaining) };
}

/** The command builder's state: the chosen kind and answers, and what they resolve to (operators in the order `w` displays them). */
export function useCommandBuilder(view: SiegeView, legal: readonly SiegeCommand[], w: SiegeWords) {
  const [kindChoice, setKind] = useState<string | null>(null);
  const [choices, setChoices] = useState<Record<string, string>>({});
  const kinds = useMemo(() => [...new Set(legal.map((c) => c.type))], [legal]);
  const preferredKind = preferKind(view, kinds);
  const kind = kindChoice && kinds.includes(kindChoice as SiegeCommand["type"]) ? kindChoice : preferredKind;
  const resolved = resolveFields(view, legal, kind, choices, w);
  // The answers the player gave that still hold, in the order they were asked.
  const answered = resolved.fields.filter((f) => choices[f.field] !== undefined && choices[f.field] === f.value).map((f) => f.field);
  /** Single-command kinds (a button that sends) and kinds with choices (a mode). */
  // A shot is never sent by its kind's button alone: its odds are shown first (seed 004 "사격").
  const single = new Set(kinds.filter((k) => k !== "shoot" && new Set(legal.filter((c) => c.type === k).map(enc)).size === 1));
  return {
    kinds,
    kind,
    single,
    ...resolved,
    /** The map values that answer the waiting field (decoded strings). */
    pickable: new Set(resolved.waiting?.options.map((o) => JSON.parse(o) as unknown).filter((v): v is string => typeof v === "string") ?? []),
    setKind: (k: string) => {
      setKind(k);
      setChoices({});
    },
    choose: (field: string, value: string) => setChoices((c) => ({ ...c, [field]: value })),
    /**
     * Answers the waiting field with a map click; returns the command to send when that leaves
     * one (the answers are then cleared), else null (the next field waits).
     */
    pick: (value: string): SiegeCommand | null => {
      if (!resolved.waiting) return null;
      const next = { ...choices, [resolved.waiting.field]: enc(value) };
      const after = resolveFields(view, legal, kind, next, w);
      if (!after.waiting && after.command) {
        setKind(null);
        setChoices({});
        return after.command;
      }
      setChoices(next);
      return null;
    },
    /** Clears the answers and the chosen kind (a command was sent): the next command starts from the preselected kind. */
    reset: () => {
      setKind(null);
      setChoices({});
    },
    /**
     * Whether there is a choice to take back before anything is sent: an answer given (an
     * operator or a gadget picked) or a kind the player chose over the preselected one.
     */
    canCancel: answered.length > 0 || (kind !== null && kind === kindChoice && kind !== preferredKind),
    /**
     * Takes back the last choice, nothing being sent: the last answer given (the field asks
     * again, with the answers after it), else the chosen kind (back to the preselected one).
     */
    cancel: () => {
      const last = answered[answered.length - 1];
      if (last !== undefined) {
        const keep = answered.slice(0, -1);
        setChoices((c) => Object.fromEntries(Object.entries(c).filter(([f]) => keep.includes(f))));
        return;
      }
      setKind(null);
      setChoices({});
    },
  };
}

export type CommandBuilder = ReturnType<typeof useCommandBuilder>;

/**
 * The defence's setup hint (seed 004 "세팅", "도구 특성" setup): where setup gadgets go, then each
 * setup gadget the team picked and has still to place, with what it does, from the rules' data
 * (`gadgetName`, `gadgetEffect` of the catalog), as the gadget descriptions of the pick say it.
 */
function SetupGadgetsHelp({ view, w }: { view: SiegeView; w: SiegeWords }) {
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

export function SiegeControls({ view, builder, legal, onCommand, walks, onWalk }: SiegeControlsProps) {
  const { t, i18n } = useTranslation("siege");
  const w: SiegeWords = { t, language: i18n.language };
  // A walk destination chosen in the Where list (encoded square), not sent yet.
  const [walkTo, setWalkTo] = useState<string | null>(null);
  useEscapeCancels(builder);
  // A reaction's answers, and a reroll's (Reroll, Keep the dice, the dice and the main button),
  // are brought into the bar's sight when they are asked (on a phone the bar scrolls, and its
  // "more below" edge would cover them).
  const answersRef = useRef<HTMLDivElement>(null);
  const rerollRef = useRef<HTMLElement>(null);
  // (Keyed on the answers being shown: the legal commands may arrive after the pending question.)
  const answering = view.pending?.kind === "reaction" && legal.length > 0 && legal.every((c) => c.type === "react" || c.type === "hold");
  const rerolling = view.pending?.kind === "reroll" && legal.length > 0 && legal.every((c) => c.type === "reroll" || c.type === "keep");
  const asked = answering || rerolling ? canonicalJson(view.pending) : null;
  useEffect(() => {
    if (!asked) return undefined;
    // A reroll's main button first, then its kinds: the section may be taller than the bar's sight (its help after them).
    const reroll = rerollRef.current;
    const shown = answersRef.current ? [answersRef.current] : [reroll?.querySelector(".command-list"), reroll?.querySelector(".kinds")];
    // A frame later: the bar's "more below" edge, which the scroll keeps clear of, is added once the bar has measured its new content.
    const frame = requestAnimationFrame(() => {
      for (const el of shown) el?.scrollIntoView?.({ block: "nearest" });
    });
    return () => cancelAnimationFrame(frame);
  }, [asked]);
  if (legal.length === 0) {
    return (
      <section className="siege-controls" aria-label={t("controls.title")}>
        <p>{t("controls.none")}</p>
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
  // A reaction (seed 004 "반응 액션") is one question with its answers side by side, each named in
  // full ("Quill fires a reaction shot", "Hold fire"), so on a phone both fit in the bar's first row.
  if (answering) {
    return (
      <section className="siege-controls" aria-label={t("controls.title")}>
        <div ref={answersRef} className="kinds answers" role="group" aria-label={t("controls.kind")}>
          {legal.map((c) => (
            <button key={enc(c)} type="button" data-kind={c.type} data-direct="true" className={c.type === "react" ? "primary" : undefined} onClick={() => send(c)}>
              {c.type === "react" ? describeCommand(w, c, view) : t("cmd.hold")}
            </button>
          ))}
        </div>
      </section>
    );
  }
  // Outside an activation (which names its operator), the one operator every command left is
  // about is named: the last one to deploy was not, as its list had nothing left to choose.
  const lone = !view.activation && !fields.some((f) => f.field === "operator") ? soleOperator(builder.candidates) : null;
  const valueText = (field: string, o: string) => (field === "token" ? tokenName(w, JSON.parse(o) as string, view) : valueWords(w, field, JSON.parse(o), view));
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
          {kind === "shoot" && <OddsPanel view={view} w={w} pairs={legal.flatMap((c) => (c.type === "shoot" ? [[c.operator, c.target] as const] : []))} />}
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
          {command && (
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

/**
 * Escape takes back the last choice (`builder.cancel`) while there is one, as the Cancel button
 * does; not while a rules-help popover or a list has the key (they close themselves with it).
 */
function useEscapeCancels(builder: CommandBuilder): void {
  const { canCancel, cancel } = builder;
  useEffect(() => {
    if (!canCancel) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || e.defaultPrevented) return;
      const target = e.target as Element | null;
      if (target?.closest?.(".rule-tip, select, [role=alertdialog]")) return;
      e.preventDefault();
      cancel();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [canCancel, cancel]);
}

/**
 * Seed 004 "사격 교환": the holder that survived the challenger's shot may fire back. One button per
 * answer, in the rules' order: firing back first and marked as the main one (one click keeps the
 * usual answer, also the time bank's), then not firing.
 */
function FireBack({ view, answers, w, onCommand }: { view: SiegeView; answers: readonly Extract<SiegeCommand, { type: "return_fire" }>[]; w: SiegeWords; onCommand: (c: SiegeCommand) => void }) {
  const p = view.pending;
  const target = p?.kind === "return_fire" ? opName(w, p.challenger) : "";
  return (
    <div className="fire-back" role="group" aria-label={w.t("choice.title")}>
      <ul className="command-list">
        {answers.map((c, i) => (
          <li key={String(c.fire)}>
            <button type="button" className={i === 0 ? "primary" : undefined} data-command={c.type} data-fire={String(c.fire)} onClick={() => onCommand(c)}>
              {c.fire ? w.t("choice.returnFire", { target }) : w.t("choice.holdFire")}
            </button>
          </li>
        ))}
      </ul>
      <p className="hint">{w.t("choice.usual")}</p>
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
function PickForm({ picks, w, onCommand }: { picks: readonly Extract<SiegeCommand, { type: "pick" }>[]; w: SiegeWords; onCommand: (c: SiegeCommand) => void }) {
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
