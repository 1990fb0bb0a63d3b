/**
 * Non-interference of declared secrets (design.md principle 4, "Hidden information: the channels
 * that leak"): for every viewer not entitled to a secret, changing the secret within the rules
 * changes nothing it receives: views, events, awaited seats and the pending decision, its legal
 * commands, the answers to its probe commands (error code, message and rule). See {@link Secret}.
 */
import type { ApplyResult, Ruleset } from "../ruleset";
import { viewerLabel, type EventEnvelope, type SeatId, type Viewer } from "../visibility";
import { firstDifference, maskedJson } from "./json";
import type { Channel, KitSpec, Probe, Secret, StepContext } from "./types";

/** Whether `channel` of `secret` is checked at `step`. */
export const due = (every: Partial<Record<Channel, number>> | undefined, channel: Channel, step: number): boolean => {
  const n = every?.[channel] ?? 1;
  return n > 0 && step % n === 0;
};

const STEP_CHANNELS: readonly Channel[] = ["view", "awaiting", "legal", "probes"];

/** A command's text for problems, shortened. */
const shown = (command: unknown): string => (JSON.stringify(command) ?? String(command)).slice(0, 200);

/** Runs the non-interference checks of every secret of a spec over one match, step by step. */
export class SecretChecker<Setup, State, Command extends { type: string }, Event, View> {
  private readonly cache = new Map<Secret<Setup, State, Command, Event, View>, { state: State; variants: readonly State[] }>();
  private readonly ruleset: Ruleset<Setup, State, Command, Event, View>;

  constructor(private readonly spec: KitSpec<Setup, State, Command, Event, View>) {
    this.ruleset = spec.ruleset;
  }

  /** The checks on the state of a step (view, awaiting, legal, probes, mentions). */
  atStep(ctx: StepContext<Setup, State, Command, Event, View>): void {
    for (const secret of this.spec.secrets ?? []) {
      if (due(secret.every, "mentions", ctx.step) && secret.mentions) this.mentions(ctx, secret);
      const stepDue = STEP_CHANNELS.some((c) => due(secret.every, c, ctx.step));
      if (!stepDue && !due(secret.every, "next", ctx.step + 1)) {
        this.cache.delete(secret);
        continue;
      }
      const variants = secret.vary(ctx.state, ctx);
      this.cache.set(secret, { state: ctx.state, variants });
      if (!stepDue || variants.length === 0) continue;
      ctx.counters.add(`${secret.name}:varied`);
      const out = ctx.viewers.filter((v) => !secret.entitled(ctx.state, v));
      variants.forEach((variant, index) => this.compareStates(ctx, secret, variant, index, out));
    }
  }

  /** The checks on the command just played (next, choices); `ctx` is the step it led to. */
  atCommand(ctx: StepContext<Setup, State, Command, Event, View>, before: State, seat: SeatId, command: Command): void {
    for (const secret of this.spec.secrets ?? []) {
      const out = ctx.viewers.filter((v) => !secret.entitled(before, v));
      const known = this.cache.get(secret);
      // A command that revealed the secret is not replayed: on the variant its outcome may differ,
      // its acceptance too (the holder's own choice, made knowing the secret, as a hidden unit that
      // may act only from its real place). Whether others could send it is the legal and probe channels'.
      if (due(secret.every, "next", ctx.step) && known?.state === before && !this.revealed(secret, ctx.events, ctx.state)) {
        for (const variant of known.variants) {
          const b = this.ruleset.apply(variant, command, seat);
          const where = `${ctx.at} (${secret.name} varied before ${seat}'s ${shown(command)})`;
          if (!b.ok) {
            ctx.problems.add(secret.name, `${where}: accepted on the state, refused on the variant: ${b.error.code}`);
            continue;
          }
          if (this.revealed(secret, b.events, b.state)) continue;
          ctx.counters.add(`${secret.name}:next`);
          this.compareOutcomes(ctx, secret, where, out, ctx.events, b.events, ctx.state, b.state, true, (v) => ctx.viewJson(v));
          secret.onCompared?.("next", ctx.events);
        }
      }
      if (due(secret.every, "choices", ctx.step) && secret.choices) {
        for (const alt of secret.choices(before, seat, command)) {
          const b = this.ruleset.apply(before, alt, seat);
          const where = `${ctx.at} (${seat} sends ${shown(alt)} instead of ${shown(command)})`;
          if (!b.ok) {
            ctx.problems.add(secret.name, `${where}: the other secret choice is refused: ${b.error.code}`);
            continue;
          }
          if (this.revealed(secret, ctx.events, ctx.state) || this.revealed(secret, b.events, b.state)) continue;
          ctx.counters.add(`${secret.name}:choices`);
          this.compareOutcomes(ctx, secret, where, out, ctx.events, b.events, ctx.state, b.state, true, (v) => ctx.viewJson(v));
          secret.onCompared?.("choices", ctx.events);
        }
      }
    }
  }

  private revealed(secret: Secret<Setup, State, Command, Event, View>, events: readonly EventEnvelope<Event>[], after: State): boolean {
    return secret.revealedBy?.(events, after) ?? false;
  }

  private mentions(ctx: StepContext<Setup, State, Command, Event, View>, secret: Secret<Setup, State, Command, Event, View>): void {
    const texts = secret.mentions!(ctx.state);
    if (texts.length === 0) return;
    ctx.counters.add(`${secret.name}:mentions`);
    for (const viewer of ctx.viewers.filter((v) => !secret.entitled(ctx.state, v))) {
      const view = ctx.viewJson(viewer);
      const events = JSON.stringify(ctx.events.map((e) => this.ruleset.redact(e, viewer)));
      for (const text of texts) {
        if (view.includes(text)) ctx.problems.add(secret.name, `${ctx.at} viewer ${viewerLabel(viewer)}: the view shows ${secret.name} (${text.slice(0, 80)})`);
        if (events.includes(text)) ctx.problems.add(secret.name, `${ctx.at} viewer ${viewerLabel(viewer)}: an event shows ${secret.name} (${text.slice(0, 80)})`);
      }
    }
  }

  /** One variant of the step's state against the state itself, channel by channel. */
  private compareStates(
    ctx: StepContext<Setup, State, Command, Event, View>,
    secret: Secret<Setup, State, Command, Event, View>,
    variant: State,
    index: number,
    out: readonly Viewer[],
  ): void {
    const r = this.ruleset;
    const where = `${ctx.at} (${secret.name} varied${index > 0 ? `, variant ${index + 1}` : ""})`;
    const mask = secret.maskKeys ?? [];
    if (due(secret.every, "view", ctx.step)) {
      for (const viewer of out) {
        const a = mask.length ? maskedJson(ctx.view(viewer), mask) : ctx.viewJson(viewer);
        const b = maskedJson(r.viewFor(variant, viewer), mask);
        if (a !== b) ctx.problems.add(secret.name, `${where} viewer ${viewerLabel(viewer)}: the view depends on it: ${firstDifference(a, b)}`);
      }
    }
    if (due(secret.every, "awaiting", ctx.step)) {
      if (JSON.stringify(r.awaiting(ctx.state)) !== JSON.stringify(r.awaiting(variant))) ctx.problems.add(secret.name, `${where}: awaiting depends on it`);
      if (JSON.stringify(r.pending(ctx.state)) !== JSON.stringify(r.pending(variant))) ctx.problems.add(secret.name, `${where}: the pending decision depends on it`);
    }
    const seats = out.flatMap((v) => (v.kind === "seat" ? [v.seat] : []));
    if (due(secret.every, "legal", ctx.step)) {
      for (const seat of seats) {
        if (JSON.stringify(ctx.legal(seat)) !== JSON.stringify(r.legalCommands(variant, seat))) {
          ctx.problems.add(secret.name, `${where} seat ${seat}: legal commands depend on it`);
        }
      }
    }
    if (index === 0 && secret.probes && due(secret.every, "probes", ctx.step)) {
      for (const seat of seats) this.compareProbes(ctx, secret, where, variant, secret.probes(ctx, seat, variant), out);
    }
  }

  private compareProbes(
    ctx: StepContext<Setup, State, Command, Event, View>,
    secret: Secret<Setup, State, Command, Event, View>,
    where: string,
    variant: State,
    probes: readonly Probe[],
    out: readonly Viewer[],
  ): void {
    const r = this.ruleset;
    ctx.counters.add(`${secret.name}:probes`, probes.length);
    if (this.spec.verdicts) {
      for (const seat of new Set(probes.map((p) => p.seat))) {
        const mine = probes.filter((p) => p.seat === seat).map((p) => p.command);
        const here = this.spec.verdicts(ctx.state, seat, mine);
        const there = this.spec.verdicts(variant, seat, mine);
        mine.forEach((command, i) => {
          if (here[i] !== there[i]) ctx.problems.add(secret.name, `${where}: ${seat} sends ${shown(command)}: answered ${here[i]} vs ${there[i]}`);
        });
      }
      return;
    }
    // JSON text rather than a hash: cheaper, and any change to the state shows in it.
    const before = JSON.stringify(ctx.state);
    for (const p of probes) {
      const a = r.apply(ctx.state, p.command as Command, p.seat);
      const b = r.apply(variant, p.command as Command, p.seat);
      const who = `${where}: ${p.seat} sends ${shown(p.command)}`;
      if (a.ok && p.refuse) ctx.problems.add("errors", `${who}: accepted`);
      if (!a.ok) checkSentence(this.spec, ctx, who, a);
      const revealed = [a, b].some((x) => x.ok && this.revealed(secret, x.events, x.state));
      if (revealed) continue;
      if (!a.ok || !b.ok) {
        const key = (x: typeof a) => (x.ok ? "accepted" : JSON.stringify(x.error));
        if (key(a) !== key(b)) ctx.problems.add(secret.name, `${who}: ${key(a)} vs ${key(b)}`);
        continue;
      }
      this.compareOutcomes(ctx, secret, who, out, a.events, b.events, a.state, b.state, p.views ?? false, (v) => JSON.stringify(r.viewFor(a.state, v)));
      secret.onCompared?.("probes", a.events);
    }
    if (JSON.stringify(ctx.state) !== before) ctx.problems.add("errors", `${where}: a probe changed the state`);
  }

  /**
   * Two accepted outcomes: the same awaited seats and pending decision after (public: every seat
   * is told who is awaited and what is asked), and the same redacted events (and views after,
   * when `views`) for every viewer of `out`.
   */
  private compareOutcomes(
    ctx: StepContext<Setup, State, Command, Event, View>,
    secret: Secret<Setup, State, Command, Event, View>,
    where: string,
    out: readonly Viewer[],
    eventsA: readonly EventEnvelope<Event>[],
    eventsB: readonly EventEnvelope<Event>[],
    stateA: State,
    stateB: State,
    views: boolean,
    viewA: (viewer: Viewer) => string,
  ): void {
    const r = this.ruleset;
    const mask = secret.maskKeys ?? [];
    if (JSON.stringify(r.awaiting(stateA)) !== JSON.stringify(r.awaiting(stateB))) ctx.problems.add(secret.name, `${where}: who is awaited after depends on it`);
    const [pa, pb] = [maskedJson(r.pending(stateA), mask), maskedJson(r.pending(stateB), mask)];
    if (pa !== pb) ctx.problems.add(secret.name, `${where}: the pending decision after depends on it: ${pa.slice(0, 200)} vs ${pb.slice(0, 200)}`);
    for (const viewer of out) {
      const seen = (events: readonly EventEnvelope<Event>[]) => {
        const list = events.map((e) => r.redact(e, viewer));
        return secret.received ? list.filter((e) => e !== null) : list;
      };
      const ea = maskedJson(seen(eventsA), mask);
      const eb = maskedJson(seen(eventsB), mask);
      if (ea !== eb) ctx.problems.add(secret.name, `${where} viewer ${viewerLabel(viewer)}: the events differ: ${ea.slice(0, 300)} vs ${eb.slice(0, 300)}`);
      if (!views) continue;
      const va = mask.length ? maskedJson(r.viewFor(stateA, viewer), mask) : viewA(viewer);
      const vb = maskedJson(r.viewFor(stateB, viewer), mask);
      if (va !== vb) ctx.problems.add(secret.name, `${where} viewer ${viewerLabel(viewer)}: the view after differs: ${firstDifference(va, vb)}`);
    }
  }
}

/** A refused command's error must be the ruleset's fixed sentence for its code (`spec.errors`). */
export function checkSentence<Setup, State, Command extends { type: string }, Event, View>(
  spec: KitSpec<Setup, State, Command, Event, View>,
  ctx: StepContext<Setup, State, Command, Event, View>,
  who: string,
  result: ApplyResult<State, Event> & { ok: false },
): void {
  if (!spec.errors) return;
  const fixed = spec.errors[result.error.code];
  if (!fixed || fixed.message !== result.error.message || fixed.rule !== result.error.rule) {
    ctx.problems.add("errors", `${who}: error ${JSON.stringify(result.error)} is not one of the fixed sentences`);
  }
}
