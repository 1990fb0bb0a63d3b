/**
 * The Siege command builder behind the controls (./SiegeControls.tsx), from the viewer's legal
 * commands only (`legalCommandsInView` of its own projection): the command kind preselected, the
 * fields still to answer in order (those that name something on the map wait for a click), the
 * answers given, and what they resolve to; Cancel and Escape take back one choice at a time.
 * Nothing is offered that the rules would refuse (seed 004_cb264102299fbb71.txt).
 */
import { useEffect, useMemo, useState } from "react";
import { canonicalJson } from "@fogwar/engine";
import { board, catalog, type SiegeCommand, type SiegeView } from "@fogwar/siege";
import { byName, type SiegeWords } from "./words";
import { keepIsBetter } from "./SiegeAids";

type Loose = Record<string, unknown>;
/** A command field's value as the controls' lists and answers hold it (canonical JSON; `null` for none). */
export const enc = (v: unknown): string => canonicalJson(v ?? null);

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
 * already takes the target down or no reroll can do more damage (seed 004 "사격" 3-5 and the
 * reroll tokens: a reroll could only spend a token); else none when several kinds are open, so that no action
 * (a watch, a run) is offered as the main button unasked; else the only kind.
 */
export function preferKind(view: SiegeView, kinds: readonly string[]): string | null {
  if (kinds.includes("keep") && keepIsBetter(view)) return "keep";
  return PREFERRED.find((k) => kinds.includes(k)) ?? (kinds.length === 1 ? kinds[0]! : null);
}

/** The operator every command of `commands` names, when they all name the same one; else null. */
export function soleOperator(commands: readonly SiegeCommand[]): string | null {
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
 * Escape takes back the last choice (`builder.cancel`) while there is one, as the Cancel button
 * does; not while a rules-help popover or a list has the key (they close themselves with it).
 */
export function useEscapeCancels(builder: CommandBuilder): void {
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
