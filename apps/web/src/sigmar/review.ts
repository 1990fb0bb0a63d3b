/**
 * The Age of Sigmar review's model, pure: rebuilds a finished battle in the browser with the shared
 * engine from its history, compares each step's events (as the omniscient viewer sees them) and
 * state hash with the stored ones, and verifies the dice seed, both army-list commitments (opened
 * by the lists and salts revealed at the end) and every reserve unit's commitment (opened by its
 * set-up, or its destruction at the start of round 4, or, for any still secret at the end, by the
 * revealed list).
 */
import { canonicalJson, commit, omniscient, replayCommand, stateHash, verifyCommitment, verifySeed, type EventEnvelope, type Viewer } from "@fogwar/engine";
import { RULES_VERSION, reserveEntry, reserveSalt, sigmar, type SigmarCommand, type SigmarEvent, type SigmarSetup, type SigmarState } from "@fogwar/sigmar";
import type { MatchHistory } from "../api";

export interface SigmarStep {
  readonly index: number;
  readonly seq: number;
  readonly seat: string | null;
  readonly command: SigmarCommand | null;
  readonly envelopes: readonly EventEnvelope<SigmarEvent>[];
  readonly state: SigmarState;
}

export interface SigmarReplay {
  readonly steps: readonly SigmarStep[];
  readonly problems: readonly string[];
  readonly seedOk: boolean;
  readonly listsOk: boolean;
  readonly reservesOk: boolean;
  readonly hashesMatched: number;
  readonly hashesTotal: number;
  readonly ok: boolean;
}

const events = (envelopes: readonly EventEnvelope<SigmarEvent>[]) => envelopes.map((e) => sigmar.redact(e, omniscient)).filter((e) => e !== null);

/** Rebuilds and verifies a finished battle's history. */
export function rebuildSigmar(history: MatchHistory): SigmarReplay {
  const problems: string[] = [];
  if (history.rulesVersion !== RULES_VERSION) problems.push(`rules version ${history.rulesVersion} ≠ ${RULES_VERSION}`);
  const seed = history.seed ?? "";
  const setup = history.setup as SigmarSetup;
  const steps: SigmarStep[] = [];
  let state: SigmarState;
  try {
    const initial = sigmar.setup(setup, seed);
    state = initial.state;
    if (canonicalJson(events(initial.events)) !== canonicalJson(history.setupEvents)) problems.push("setup events differ");
    steps.push({ index: 0, seq: 0, seat: null, command: null, envelopes: initial.events, state });
  } catch (error) {
    return { steps, problems: [`setup failed: ${String(error)}`], seedOk: false, listsOk: false, reservesOk: false, hashesMatched: 0, hashesTotal: 0, ok: false };
  }
  let hashesMatched = 0;
  for (const [i, entry] of history.entries.entries()) {
    const result = replayCommand(sigmar, state, entry.command, entry.seat, setup.seats);
    if (!result.ok) {
      problems.push(`entry ${entry.seq} refused on replay: ${result.error.code}`);
      break;
    }
    state = result.state;
    if (canonicalJson(events(result.events)) !== canonicalJson(entry.events)) problems.push(`entry ${entry.seq}: events differ`);
    if (entry.stateHash !== null) {
      if (stateHash(state) === entry.stateHash) hashesMatched++;
      else problems.push(`entry ${entry.seq}: state hash differs`);
    }
    steps.push({ index: i + 1, seq: entry.seq, seat: entry.seat, command: entry.command as SigmarCommand, envelopes: result.events, state });
  }
  const seedOk = history.seed !== null && verifySeed(history.seedCommitment, history.seed);
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
      const salt = opened.get(id) ?? reserveSalt(seed, seat, k + 1);
      const entry = entries[k];
      if (!entry || commit(reserveEntry(entry), salt) !== c) reservesOk = false;
    });
  }
  const hashesTotal = history.entries.filter((e) => e.stateHash !== null).length;
  const ok = problems.length === 0 && seedOk && listsOk && reservesOk && hashesMatched === hashesTotal && steps.length === history.entries.length + 1;
  return { steps, problems, seedOk, listsOk, reservesOk, hashesMatched, hashesTotal, ok };
}

/** What a viewer sees of the events up to a step. */
export function sigmarEventsUpTo(replay: SigmarReplay, index: number, viewer: Viewer): { seq: number; events: SigmarEvent[] }[] {
  return replay.steps.slice(0, index + 1).map((s) => ({ seq: s.seq, events: s.envelopes.map((e) => sigmar.redact(e, viewer)).filter((e): e is SigmarEvent => e !== null) }));
}
