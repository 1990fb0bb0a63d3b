/**
 * One definition of sight (seed 004 "레드핑": 레드핑이 붙어있는 오퍼레이터는 시야에 보이는 것으로 취급한다):
 * over seeded bot matches (1 v 1 and 2 v 2), every place of the rules that asks whether one
 * operator sees another agrees, at every step, with `sees` (packages/siege/src/sight.ts):
 * - "사격": `shotAt` finds a shot exactly when the shooter sees the target, at the nearest
 *   distance it sees it (at least 1), and the active operator's `shoot` is listed exactly then;
 * - "대응 사격": a reaction is offered to exactly the enemy watchers that see the operator that
 *   just acted in their front arc (or on their watched access point), from their model or either
 *   token; none is left out when no reaction is pending; a hidden watcher may fire only from its
 *   real token;
 * - "비밀 오퍼레이터 공개": no living attacker ever sees a secret token (it would have been revealed).
 * Counters make sure the red ping is in play (shots and reactions only the ping allows).
 */
import { runKit, type StepContext } from "@fogwar/engine/testing";
import { board, query, siege, siegeBotPolicy, type OperatorState, type SecretToken, type SiegeCommand, type SiegeEvent, type SiegeSetup, type SiegeState, type SiegeView } from "../src";
import { SETUP_1V1, SETUP_2V2 } from "./helpers";

type Step = StepContext<SiegeSetup, SiegeState, SiegeCommand, SiegeEvent, SiegeView>;

/** Seed 004 "대응 사격", stated with `sees`: the watch of `eye` covers `target` at a place seen in its front arc or on its access point. */
function covers(s: SiegeState, eye: OperatorState | SecretToken, target: OperatorState): boolean {
  const { at, watch } = eye;
  if (!at || !watch) return false;
  return board.sightings(s, eye, target).some(({ place }) => ("ap" in watch ? place === watch.ap : !board.isUpper(at) && !board.isUpper(place) && board.inFrontArc(at, watch.facing, place)));
}

/** The enemy watchers that may react to `target` by the rule, and whether each may fire (its model or its real token covers). */
function expectedWatchers(s: SiegeState, target: OperatorState): Map<string, boolean> {
  const out = new Map<string, boolean>();
  for (const w of Object.values(s.operators)) {
    if (w.team === target.team || w.dead) continue;
    const tokens = s.tokens.filter((t) => t.operator === w.id);
    const eyes: (OperatorState | SecretToken)[] = w.hidden ? tokens : [w];
    if (eyes.some((e) => covers(s, e, target))) out.set(w.id, w.hidden ? covers(s, tokens.find((t) => t.id === s.hidden.real[w.id])!, target) : true);
  }
  return out;
}

/** Whether an operator stands on the board with its model. */
const standing = (o: OperatorState) => !o.dead && !o.hidden && o.at !== null;

/** Commands after which the rules look for reactions to the active operator (each ends an action, seed 004 "대응 사격"). */
const ACTIONS = new Set(["step", "lean", "stand", "run", "watch", "shoot", "breach", "gadget", "special"]);

function checkStep(ctx: Step): void {
  const s = ctx.state;
  if (s.result || (s.phase !== "action" && s.phase !== "attack_setup")) return;
  const add = (what: string) => ctx.problems.add("sight", `${ctx.at}: ${what}`);

  // 비밀 오퍼레이터 공개: a token an attacker sees is revealed at once.
  for (const a of Object.values(s.operators).filter((o) => o.team === "attack" && standing(o))) {
    for (const t of s.tokens) {
      ctx.counters.add("spot checks");
      if (board.sees(s, a, t)) add(`${a.id} sees ${t.operator}'s token at ${t.at}, still hidden`);
    }
  }
  if (s.phase !== "action") return;

  // 사격: shotAt and the listed shots agree with sees.
  const ops = Object.values(s.operators).filter(standing);
  for (const a of ops) {
    for (const t of ops) {
      if (a.team === t.team) continue;
      const seen = board.sightings(s, a, t);
      const shot = query.shotAt(s, a, t);
      ctx.counters.add("shot pairs");
      if ((shot !== null) !== (seen.length > 0)) add(`shotAt ${a.id} -> ${t.id} is ${JSON.stringify(shot)}, sightings ${JSON.stringify(seen)}`);
      else if (shot && shot.distance !== Math.max(1, Math.min(...seen.map((x) => x.distance)))) add(`shotAt ${a.id} -> ${t.id} at ${shot.distance}, sightings ${JSON.stringify(seen)}`);
      if (seen.length > 0 && t.redPing && !seen.some((x) => board.sight(s, a.at!, a.team, x.place, t.team) !== null)) ctx.counters.add("seen by the ping alone");
    }
  }
  const act = s.activation;
  const active = act ? s.operators[act.operator] : undefined;
  if (!s.pending && active && standing(active) && !act!.actions.includes("shoot") && act!.actions.length < 2) {
    const listed = new Set(ctx.legal(s.teams[active.team][0]!).flatMap((c) => (c.type === "shoot" ? [c.target] : [])));
    for (const t of ops) {
      if (t.team === active.team) continue;
      if (listed.has(t.id) !== board.sees(s, active, t)) add(`shoot ${active.id} -> ${t.id} listed ${listed.has(t.id)}, sees ${board.sees(s, active, t)}`);
    }
  }

  // 대응 사격: who is asked, and who may fire.
  const p = s.pending;
  if (p?.kind === "reaction") {
    const expected = expectedWatchers(s, s.operators[p.target]!);
    const fresh = ctx.prev?.pending?.kind !== "reaction";
    for (const w of p.watchers) if (!expected.has(w)) add(`${w} may react to ${p.target} but does not see it in its watch`);
    if (fresh && p.watchers.length !== expected.size) add(`reaction to ${p.target}: asked ${p.watchers}, expected ${[...expected.keys()]}`);
    const reacts = new Set(ctx.legal(s.teams[p.team][0]!).flatMap((c) => (c.type === "react" ? [c.operator] : [])));
    for (const w of p.watchers) if (reacts.has(w) !== expected.get(w)) add(`${w} react listed ${reacts.has(w)}, covers from its real place ${expected.get(w)}`);
    if (fresh) ctx.counters.add("reactions offered");
    if (fresh && s.operators[p.target]!.redPing) {
      // The same question without the ping: a watcher asked only because the target is pinged.
      const unpinged = structuredClone(s);
      unpinged.operators[p.target]!.redPing = false;
      const plain = expectedWatchers(unpinged, unpinged.operators[p.target]!);
      if (p.watchers.some((w) => !plain.has(w))) ctx.counters.add("reactions through the ping alone");
    }
  } else if (!p && ctx.command && ACTIONS.has(ctx.command.type) && ctx.seat && s.teams.attack.includes(ctx.seat) === (s.step % 2 === 0)) {
    const id = (ctx.command as { operator: string }).operator;
    const actor = s.operators[id]!;
    if (standing(actor) && ctx.prev?.pending === null) {
      const expected = expectedWatchers(s, actor);
      ctx.counters.add("actions without reaction");
      if (expected.size > 0) add(`no reaction to ${id}'s ${ctx.command.type}, yet ${[...expected.keys()]} see it in their watch`);
    }
  }
}

describe("seed 004 레드핑: every question of sight asks sees", () => {
  test("over eight bot matches, at every step, shooting, reaction shots and the spotting of secret tokens agree with sees", () => {
    const cases = Array.from({ length: 8 }, (_, i) => ({ seed: `sight-${i}`, botSeed: `sight-bot-${i}`, setup: i % 2 ? SETUP_2V2 : SETUP_1V1 }));
    const { problems, counters } = runKit({ ruleset: siege, cases, policy: siegeBotPolicy, replay: false, onStep: checkStep });
    problems.expectNone("termination", "sight");
    expect(problems.kinds()).toEqual([]);
    expect(counters.get("spot checks")).toBeGreaterThan(1000);
    expect(counters.get("shot pairs")).toBeGreaterThan(1000);
    expect(counters.get("reactions offered")).toBeGreaterThan(10);
    expect(counters.get("actions without reaction")).toBeGreaterThan(100);
    // The ping is in play: shots and reactions that only the ping allows.
    expect(counters.get("seen by the ping alone")).toBeGreaterThan(100);
    expect(counters.get("reactions through the ping alone")).toBeGreaterThan(5);
  });
});
