/**
 * The engine contract at a step (design.md principle 2): `legalCommands` lists exactly what
 * `apply` accepts (with the ruleset's continuous choices, its templates: each default accepted,
 * random fillings answered, and an accepted command either listed or a filling of a template), `legalCommandsInView` (when the ruleset has it) lists the same from the
 * seat's own projection, and `onTimeout` (when it has it) answers with a command `apply` accepts.
 */
import { canonicalJson } from "../hash";
import { fillsTemplate, sampleTemplate, shiftTemplate } from "../template";
import { seatViewer } from "../visibility";
import { checkSentence } from "./secrecy";
import type { KitSpec, StepContext } from "./types";

/** Listed commands of awaited seats are accepted; probes are accepted only when listed (see `KitSpec.legal`). */
export function checkLegal<Setup, State, Command extends { type: string }, Event, View>(
  spec: KitSpec<Setup, State, Command, Event, View>,
  ctx: StepContext<Setup, State, Command, Event, View>,
): void {
  const legal = spec.legal;
  const r = spec.ruleset;
  if (!legal || r.result(ctx.state) !== null || ctx.step % (legal.every ?? 1) !== 0) return;
  const size = legal.sample ?? 3;
  const before = JSON.stringify(ctx.state);
  for (const seat of r.awaiting(ctx.state)) {
    const listed = ctx.legal(seat);
    const sample = listed.length <= size ? listed : [listed[0]!, listed.at(-1)!, ...Array.from({ length: Math.max(0, size - 2) }, () => ctx.rng.pick(listed))];
    for (const command of sample) {
      ctx.counters.add("listed");
      const result = r.apply(ctx.state, command, seat);
      if (!result.ok) ctx.problems.add("listed", `${ctx.at}: listed ${seat} ${JSON.stringify(command)} rejected: ${result.error.code}`);
    }
    // Continuous choices: each template's default is accepted; random fillings are answered
    // without a throw (accepted or refused, apply is the judge).
    const templates = r.templates?.(ctx.state, seat) ?? [];
    const tried = templates.length <= (legal.templates ?? 3) ? templates : Array.from({ length: legal.templates ?? 3 }, () => ctx.rng.pick(templates));
    for (const template of tried) {
      ctx.counters.add("templates");
      const result = r.apply(ctx.state, template.command, seat);
      if (!result.ok) ctx.problems.add("listed", `${ctx.at}: template ${seat} ${JSON.stringify(template.command)} rejected: ${result.error.code}`);
      if (!fillsTemplate(template, template.command)) ctx.problems.add("listed", `${ctx.at}: template ${seat} ${JSON.stringify(template.command)}: its default lies outside its bounds`);
      for (let i = 0; i < (legal.fillings ?? 2); i++) {
        const filled = i % 2 === 0 ? sampleTemplate(template, ctx.rng) : shiftTemplate(template, ctx.rng);
        ctx.counters.add("template fillings");
        if (r.apply(ctx.state, filled, seat).ok) ctx.counters.add("template fillings accepted");
      }
    }
    // A run-out clock's answer (engine referee.ts) must be one of the seat's own legal commands.
    const answer = r.onTimeout?.(ctx.state, seat);
    if (answer !== undefined && answer !== null) {
      ctx.counters.add("timeouts");
      const result = r.apply(ctx.state, answer, seat);
      if (!result.ok) ctx.problems.add("timeout", `${ctx.at}: ${seat}'s timeout answer ${JSON.stringify(answer)} rejected: ${result.error.code}`);
    }
  }
  for (const probe of legal.probes?.(ctx) ?? []) {
    ctx.counters.add("probes");
    const result = r.apply(ctx.state, probe.command as Command, probe.seat);
    const who = `${ctx.at}: ${probe.seat} sends ${JSON.stringify(probe.command)}`;
    if (!result.ok) {
      checkSentence(spec, ctx, who, result);
      continue;
    }
    ctx.counters.add("probes accepted");
    if (probe.refuse) ctx.problems.add("unlisted", `${who}: accepted, but it must be refused`);
    else if (!ctx.legal(probe.seat).some((c) => canonicalJson(c) === canonicalJson(probe.command)) && !(r.templates?.(ctx.state, probe.seat) ?? []).some((t) => fillsTemplate(t, probe.command))) {
      ctx.problems.add("unlisted", `${who}: accepted but neither listed by legalCommands nor a filling of a template`);
    }
  }
  if (JSON.stringify(ctx.state) !== before) ctx.problems.add("unlisted", `${ctx.at}: a command tried on the state changed it`);
}

/** `legalCommandsInView(viewFor(state, seat), seat)` equals `legalCommands(state, seat)` for every seat. */
export function checkInView<Setup, State, Command extends { type: string }, Event, View>(
  spec: KitSpec<Setup, State, Command, Event, View>,
  ctx: StepContext<Setup, State, Command, Event, View>,
): void {
  const inView = spec.ruleset.legalCommandsInView;
  if (!inView || !spec.inView || ctx.step % spec.inView !== 0) return;
  for (const seat of spec.ruleset.seatsOf(ctx.case.setup)) {
    const full = ctx.legal(seat);
    const fromView = inView(ctx.view(seatViewer(seat)), seat);
    ctx.counters.add("in-view");
    ctx.counters.add("in-view listed", full.length);
    if (canonicalJson(full) !== canonicalJson(fromView)) {
      ctx.problems.add("in-view", `${ctx.at} seat ${seat}: ${full.length} legal commands on the state, ${fromView.length} from the view`);
    }
    const templatesInView = spec.ruleset.templatesInView;
    if (templatesInView && spec.ruleset.templates) {
      const onState = spec.ruleset.templates(ctx.state, seat);
      const onView = templatesInView(ctx.view(seatViewer(seat)), seat);
      if (canonicalJson(onState) !== canonicalJson(onView)) ctx.problems.add("in-view", `${ctx.at} seat ${seat}: ${onState.length} templates on the state, ${onView.length} from the view`);
    }
  }
}
