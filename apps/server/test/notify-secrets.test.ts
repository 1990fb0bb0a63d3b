/**
 * Red team: a notification's payload is a function of its recipient's own view only (docs/design.md
 * "Notifications"; design principle: secrets are sacred). Over random matches of every hosted
 * ruleset (its bot's random legal commands), at every entry and for every seat:
 * - non-interference: the acting seat's other legal commands that leave the recipient's view (and
 *   the events it receives) exactly as they are (commitments masked: they change with what they
 *   hide, by design) must owe that recipient exactly the same
 *   notifications, payloads included: what the recipient cannot see changes nothing it is told;
 *   and what every payload is built from (the awaited seats, the clocks, the result) is the same,
 *   also along a "shadow" line that took the hidden alternative and then the same commands for
 *   as long as the recipient's view stays the same;
 * - no secret: no text of the full state that the recipient's view does not hold (a hidden square,
 *   a secret list, the dice seed) appears in its payloads.
 * The notifications are computed as the live match computes them (`owedByEntry`), with each
 * ruleset's clock (EMBER and Age of Sigmar with a long clock, so "time running out" is owed too).
 */
import { canonicalJson, seatViewer, type EventEnvelope, type MatchResult } from "@fogwar/engine";
import { MatchClock, type Judged } from "../src/clocks.js";
import { BUILT_IN_HOSTS, type HostedRuleset } from "../src/hosts/index.js";
import { defaultScenario } from "../src/lobby/paired.js";
import { factsOf, owedByEntry } from "../src/notify/facts.js";
import type { MatchInfo } from "../src/notify/owe.js";

jest.setTimeout(600_000);

const TEAMS: Record<string, [string, string]> = { siege: ["attack", "defence"], trpg: ["party", "enemies"] };
const STEPS = Number(process.env.NOTIFY_REDTEAM_STEPS ?? 150);
const ALTERNATIVES = 10;

/** JSON text with hashes (commitments: 32+ hex digits) masked: a commitment changes with what it hides, by design. */
const masked = (value: unknown): string => canonicalJson(value).replace(/"[0-9a-f]{32,}"/g, '"#"');

/** Every string leaf of a JSON value (keys too), at least 6 characters long. */
function strings(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === "string") {
    if (value.length >= 6) out.add(value);
  } else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (k.length >= 6) out.add(k);
      strings(v, out);
    }
  }
  return out;
}

/** What `seat` receives of an entry's events. */
const received = (host: HostedRuleset, events: readonly EventEnvelope<unknown>[], seat: string): string => masked(events.map((e) => host.ruleset.redact(e, seatViewer(seat))).filter((e) => e !== null));

describe.each(BUILT_IN_HOSTS.map((host) => [host.ruleset.id, host] as const))("%s: notification payloads come from the recipient's view only", (id, host) => {
  let comparedInAll = 0;
  test.each([1, 2, 3])(`random match %i`, (round) => {
    const teams = TEAMS[id];
    const scenario = defaultScenario(id);
    const made = host.makeSetup({ scenario, players: [{ name: "Ann", ...(teams ? { team: teams[0] } : {}) }, { name: "Bo", ...(teams ? { team: teams[1] } : {}) }], options: { progressiveReveal: false } });
    if (!made.ok) throw new Error(JSON.stringify(made.problem));
    const seats = made.seats;
    const seed = `redteam-${id}-${round}`;
    let state = host.ruleset.setup(made.setup, seed).state;
    const clock = new MatchClock(host, seats, made.setup, { correspondence: { daysPerMove: 3, vacationDays: 0 } });
    const info: MatchInfo = { matchId: `m-${id}-${round}`, ruleset: id, scenario: host.scenarioOf(made.setup), players: seats.map((s, i) => ({ seat: s, name: ["Ann", "Bo"][i] ?? s })), bots: new Set() };
    const publicText = new Set([info.matchId, info.scenario, id, ...info.players.map((p) => p.name)]);
    let at = 1_700_000_000_000;
    let result: MatchResult | null = null;
    let compared = 0;
    let comparedOwed = 0;
    let owedCount = 0;
    /** Per recipient: a line of play that took a hidden alternative and then the same commands, while its view stays the same. */
    const shadows = new Map<string, { state: unknown; clock: MatchClock; result: MatchResult | null }>();
    /** A copy of a match clock (its fields are replaced, never changed, as it records). */
    const copyClock = (c: MatchClock): MatchClock => Object.assign(Object.create(MatchClock.prototype) as MatchClock, c);
    for (let step = 0; step < STEPS && !result; step++) {
      const awaiting = host.ruleset.awaiting(state) as string[];
      const pending = host.ruleset.pending(state);
      const actors = [...new Set([...awaiting, ...(pending ? [pending.seat] : [])])];
      if (actors.length === 0) break;
      const seat = actors[step % actors.length]!;
      const view = host.ruleset.viewFor(state, seatViewer(seat));
      // The acting seat's random legal commands: the one played, and alternatives.
      const choices: unknown[] = [];
      for (let k = 0; k <= ALTERNATIVES; k++) {
        const brain = host.bot!.brain("easy", seat, `${seed}:${step}:${k}`);
        const command = brain.fallback(view);
        if (command && !choices.some((c) => canonicalJson(c) === canonicalJson(command))) choices.push(command);
      }
      if (choices.length === 0) break;
      at += 3_600_000;
      const outcomes = choices.flatMap((command) => {
        const judged = clock.judge(state, seat, command, at, false);
        if (!judged.ok) return [];
        const ok = judged as Extract<Judged, { ok: true }>;
        const outcome = host.ruleset.result(ok.state) as MatchResult | null;
        const owed = owedByEntry(host.ruleset, clock, info, { state, result }, { seq: step + 1, seat, referee: false, at }, ok, outcome);
        return [{ command, judged: ok, outcome, owed, facts: canonicalJson(factsOf(host.ruleset, ok.state, outcome, clock.statusAfter(ok.state, at, ok))) }];
      });
      if (outcomes.length === 0) break;
      const played = outcomes[0]!;
      const full = strings(played.judged.state);
      strings(seed, full);
      for (const recipient of seats) {
        const mine = (o: (typeof outcomes)[number]) => canonicalJson(o.owed.filter((n) => n.seat === recipient));
        const seen = (o: (typeof outcomes)[number]) => masked(host.ruleset.viewFor(o.judged.state, seatViewer(recipient))) + received(host, o.judged.events, recipient);
        // Non-interference: the same view and events, the same notifications.
        for (const other of outcomes.slice(1)) {
          if (seen(other) !== seen(played)) continue;
          compared++;
          expect([id, step, recipient, mine(other)]).toEqual([id, step, recipient, mine(played)]);
          // What every payload is built from (awaited seats, clocks, result) is the same too.
          expect([id, step, recipient, other.facts]).toEqual([id, step, recipient, played.facts]);
        }
        // The same on the shadow line (a hidden difference from earlier, the same commands since).
        const shadow = shadows.get(recipient);
        if (shadow) {
          const judged = shadow.clock.judge(shadow.state, seat, played.command, at, false);
          const ok = judged.ok ? (judged as Extract<Judged, { ok: true }>) : null;
          const outcome = ok ? (host.ruleset.result(ok.state) as MatchResult | null) : null;
          const owed = ok ? owedByEntry(host.ruleset, shadow.clock, info, { state: shadow.state, result: shadow.result }, { seq: step + 1, seat, referee: false, at }, ok, outcome) : [];
          const line = ok ? { command: played.command, judged: ok, outcome, owed, facts: canonicalJson(factsOf(host.ruleset, ok.state, outcome, shadow.clock.statusAfter(ok.state, at, ok))) } : null;
          if (!line || seen(line) !== seen(played)) shadows.delete(recipient);
          else {
            compared++;
            if (mine(played) !== "[]") comparedOwed++;
            expect([id, step, recipient, "shadow", mine(line), line.facts]).toEqual([id, step, recipient, "shadow", mine(played), played.facts]);
            shadow.clock.record(ok!.state, at, ok!);
            Object.assign(shadow, { state: ok!.state, result: shadow.clock.imposed ?? outcome });
          }
        } else {
          const other = outcomes.slice(1).find((o) => seen(o) === seen(played) && canonicalJson(o.judged.state) !== canonicalJson(played.judged.state));
          if (other) {
            const copy = copyClock(clock);
            copy.record(other.judged.state, at, other.judged);
            shadows.set(recipient, { state: other.judged.state, clock: copy, result: copy.imposed ?? other.outcome });
          }
        }
        // No secret: nothing of the state outside the recipient's view.
        const payloads = played.owed.filter((n) => n.seat === recipient).map((n) => canonicalJson(n.payload));
        owedCount += payloads.length;
        if (payloads.length === 0) continue;
        const visible = strings(host.ruleset.viewFor(played.judged.state, seatViewer(recipient)));
        for (const text of full) {
          if (visible.has(text) || publicText.has(text)) continue;
          for (const payload of payloads) expect([id, step, recipient, payload.includes(text) ? text : null]).toEqual([id, step, recipient, null]);
        }
      }
      state = played.judged.state;
      clock.record(state, at, played.judged);
      result = clock.imposed ?? (host.ruleset.result(state) as MatchResult | null);
    }
    // The test looked at something: notifications were owed, and hidden choices were compared.
    expect(owedCount).toBeGreaterThan(0);
    comparedInAll += compared;
    console.log(`${id} #${round}: ${owedCount} payloads, ${compared} hidden alternatives compared, ${comparedOwed} of them with notifications owed`);
  });
  test("hidden alternatives were compared", () => {
    expect(comparedInAll).toBeGreaterThan(0);
  });
});
