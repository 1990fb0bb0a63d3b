/**
 * Non-interference of every secret (design.md "Hidden information"), run by the engine kit over
 * seeded bot matches, every viewer (both seats, the spectator, the omniscient reviewer), every
 * step: the dice seed and RNG, each seat's army list before both are locked (core C2), its units
 * in reserve until each is set up (seed 003 24.1), its hand of tactics and every deck's order
 * (core C10). Changing a secret within the rules changes nothing a viewer not entitled receives:
 * views, events, awaited seats, the pending decision, legal commands, answers to probes; and no
 * view or event names a reserve unit's warscroll. This run: SIGMAR_KIT_MATCHES (default 12)
 * matches; `pnpm bench` runs the same specification over 200 (apps/cli/bench/sigmar.bench.ts).
 */
import { runKit, type KitReport } from "@fogwar/engine/testing";
import type { SigmarCommand, SigmarEvent, SigmarSetup, SigmarState, SigmarView } from "../src";
import { kitSpec } from "./secrets";

const COUNT = Number(process.env.SIGMAR_KIT_MATCHES ?? 12);
let report: KitReport<SigmarSetup, SigmarState, SigmarCommand, SigmarEvent, SigmarView>;

beforeAll(() => {
  report = runKit(kitSpec(COUNT));
}, 600_000);

describe("design.md hidden information: every secret over seeded bot matches, every viewer, every step", () => {
  test("every match musters, reveals, plays to its end and replays", () => {
    report.problems.expectNone("termination", "replay");
    expect(report.counters.get("matches")).toBe(COUNT);
  });

  test("legalCommands, templates and apply agree (listed commands accepted, refusals the fixed sentences)", () => {
    report.problems.expectNone("listed", "unlisted", "errors", "in-view", "timeout");
  });

  test("core C2: a locked army list changes nothing the other seat or a spectator receives before both are locked", () => {
    report.problems.expectNone("list");
    expect(report.counters.get("list:varied")).toBeGreaterThanOrEqual(COUNT);
    expect(report.counters.get("list:choices")).toBeGreaterThanOrEqual(COUNT / 2);
  });

  test("seed 003 24.1: which units a seat holds in reserve changes nothing the other seat or a spectator receives until each is set up, and no warscroll of them is named", () => {
    report.problems.expectNone("reserves");
    expect(report.counters.get("reserves:varied")).toBeGreaterThan(COUNT * 10);
    expect(report.counters.get("reserves:probes")).toBeGreaterThan(COUNT * 50);
    expect(report.counters.get("reserves:mentions")).toBeGreaterThan(COUNT * 5);
  });

  test("core C10: a seat's hand changes nothing the other seat or a spectator receives; the deck order changes nothing anyone receives but their own draws", () => {
    report.problems.expectNone("hand", "deck");
    expect(report.counters.get("hand:varied")).toBeGreaterThan(COUNT * 50);
    expect(report.counters.get("deck:varied")).toBeGreaterThan(COUNT * 50);
    expect(report.counters.get("deck:next")).toBeGreaterThan(COUNT * 50);
  });

  test("the dice seed and RNG state change nothing any viewer receives before the end", () => {
    report.problems.expectNone("dice");
    expect(report.counters.get("dice:varied")).toBeGreaterThan(COUNT * 50);
  });
});
