/**
 * The Age of Sigmar review's model, pure: rebuilds a finished battle in the browser with the shared
 * engine from its history, compares each step's events (as the omniscient viewer sees them) and
 * state hash with the stored ones, and verifies the dice seed, both army-list commitments (opened
 * by the lists and salts revealed at the end) and every reserve unit's commitment (opened by its
 * set-up, or its destruction at the start of round 4, or, for any still secret at the end, by the
 * revealed list). The rules are those of the battle's rules version: this page's own package, or
 * an older version's frozen build given to `rebuildSigmar`, with that version's reserve salts; the
 * rebuild itself is the reviews' shared loop (../review/rebuild.ts).
 */
import { commit, verifyCommitment, type Ruleset, type Viewer } from "@fogwar/engine";
import { reserveEntry, reserveSalt, sigmar, type SigmarCommand, type SigmarEvent, type SigmarSetup, type SigmarState, type SigmarView } from "@fogwar/sigmar";
import type { MatchHistory } from "../../api";
import { eventsUpTo, problemText, rebuildLog, type RebuiltReplay, type RebuiltStep } from "../../review/rebuild";

/** Age of Sigmar's rules at some rules version, typed as today's, with that version's reserve commitment salt and content. */
export interface SigmarRules {
  readonly ruleset: Ruleset<SigmarSetup, SigmarState, SigmarCommand, SigmarEvent, SigmarView>;
  readonly reserveSalt: (seed: string, seat: string, n: number) => string;
  readonly reserveEntry: (unit: { readonly warscroll: string; readonly enhancement?: string }) => unknown;
}

/** This page's own Age of Sigmar rules. */
export const CURRENT_SIGMAR: SigmarRules = { ruleset: sigmar, reserveSalt, reserveEntry };

/** One step: 0 is the state after setup, n the state after entry n. */
export type SigmarStep = RebuiltStep<SigmarState, SigmarCommand, SigmarEvent>;

/** A rebuilt battle and its verification: the shared checks, the army lists' and the reserves' commitments. */
export interface SigmarReplay extends RebuiltReplay<SigmarRules, SigmarStep> {
  readonly listsOk: boolean;
  readonly reservesOk: boolean;
}

/** Rebuilds and verifies a finished battle's history with `rules` (default: this page's; an older battle needs its rules version's). */
export function rebuildSigmar(history: MatchHistory, rules: SigmarRules = CURRENT_SIGMAR): SigmarReplay {
  const built = rebuildLog(history, rules.ruleset, (step) => step);
  const { steps, seedOk, hashesMatched, hashesTotal } = built;
  const problems = built.problems.map(problemText);
  if (steps.length === 0) return { rules, steps, problems, seedOk, listsOk: false, reservesOk: false, hashesMatched, hashesTotal, ok: false };
  const seed = history.seed ?? "";
  // The lists: each `army_locked` commitment (the last one per seat) opens with the list and salt the end revealed.
  const all = [...history.setupEvents, ...history.entries.flatMap((e) => e.events)] as SigmarEvent[];
  const locked = new Map<string, string>();
  let ended: Extract<SigmarEvent, { type: "match_ended" }> | undefined;
  let revealed: Extract<SigmarEvent, { type: "armies_revealed" }> | undefined;
  const opened = new Map<string, string>();
  for (const e of all) {
    if (e.type === "army_locked") locked.set(e.seat, e.commitment);
    if (e.type === "match_ended") ended = e;
    if (e.type === "armies_revealed") revealed = e;
    if (e.type === "set_up" && e.salt) opened.set(e.unit, e.salt);
    if (e.type === "reserves_destroyed") for (const u of e.units) opened.set(u.id, u.salt);
  }
  const listsOk = !!ended && [...locked].every(([seat, c]) => ended!.lists[seat] !== undefined && verifyCommitment(c, ended!.lists[seat], ended!.salts[seat] ?? ""));
  // Each reserve commitment opens with its unit's entry in the revealed list and its salt.
  let reservesOk = true;
  for (const [seat, army] of Object.entries(revealed?.armies ?? {})) {
    const list = ended?.lists[seat];
    const entries = list?.units.filter((u) => u.reserve) ?? [];
    army.reserveCommitments.forEach((c, k) => {
      const id = `${seat}-r${k + 1}`;
      const salt = opened.get(id) ?? rules.reserveSalt(seed, seat, k + 1);
      const entry = entries[k];
      if (!entry || commit(rules.reserveEntry(entry), salt) !== c) reservesOk = false;
    });
  }
  return { rules, steps, problems, seedOk, listsOk, reservesOk, hashesMatched, hashesTotal, ok: built.ok && listsOk && reservesOk };
}

/** What a viewer sees of the events up to a step. */
export function sigmarEventsUpTo(replay: SigmarReplay, index: number, viewer: Viewer): { seq: number; events: SigmarEvent[] }[] {
  return eventsUpTo(replay.steps, index, (e, v) => replay.rules.ruleset.redact(e, v), viewer);
}
