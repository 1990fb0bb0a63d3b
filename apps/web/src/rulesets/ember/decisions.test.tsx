/**
 * The decisions seed 000 gives players, on the EMBER table, in English and Korean: a link reroll of
 * EW dice (4 with 5.2), using a designation ability (1.2.1 hit part) and the defender's cancellation
 * (1.2.1), and the hit part with the dice each part defends with (1.2.1). The seat asked reads whose decision it is and as what, sees the dice it decides on, and
 * finds the default answer first and outlined (one click keeps it); the other seats read who the
 * match waits for, and as what. States come from matches played by the engine's random bots
 * (EMBER's bot policy); the cancellation's dice are then set by hand and the engine asks.
 */
import { deserialize, serialize } from "node:v8";
import { act, fireEvent, render, within } from "@testing-library/react";
import i18next from "i18next";
import { defaultAnswer, ember, ewStanding, legalCommandsInView, type EmberState } from "@fogwar/ember";
import { seatViewer } from "@fogwar/engine";
import { TableView } from "./TableView";
import { AttackPanel } from "./AttackPanel";
import { commandKey } from "./model";
import { inEnglish } from "../../../test/english";
import { NAMES, withNames } from "../../../test/players";
import { problems, readable } from "../../../test/readable";
import { cancellationAsked, findState as find } from "../../../test/decision-states";

globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;
jest.setTimeout(120_000);

function renderSeat(state: EmberState, seat: string, onCommand = jest.fn()) {
  const view = ember.viewFor(state, seatViewer(seat));
  const legal = legalCommandsInView(view, seat);
  const utils = render(withNames(<TableView matchId="m-decisions" view={view} seat={seat} legal={legal} onCommand={onCommand} events={[]} />));
  return { ...utils, view, legal, onCommand };
}

/** The decision section of the seat asked, its buttons' texts, and the default button. */
function decisionOf(container: HTMLElement, kind: string) {
  const section = container.querySelector(`[data-decision="${kind}"]`) as HTMLElement;
  expect(section).not.toBeNull();
  const buttons = within(section).getAllByRole("button");
  return { section, buttons, texts: buttons.map((b) => b.textContent ?? ""), best: section.querySelector("button.default") as HTMLElement | null };
}

const other = (seat: string) => (seat === "p1" ? "p2" : "p1");

async function inKorean(): Promise<void> {
  await act(async () => {
    await i18next.changeLanguage("ko");
  });
}

/** The Korean page's problems: no English word, no raw id (the players' names aside). */
const koreanProblems = (container: HTMLElement) => problems(readable(container), "ko", { names: Object.values(NAMES) });

inEnglish();

describe("seed 000 4, 5.2: a link reroll of EW dice", () => {
  test("the seat asked reads that it decides as the caster or the responder, sees both sides' EW dice and keeps 'No reroll' in one click; the other seat reads whom it waits for", async () => {
    const state = find((s) => s.pending?.kind === "ew_reroll");
    const pending = state.pending as Extract<NonNullable<EmberState["pending"]>, { kind: "ew_reroll" }>;
    const role = pending.options.side;
    const mine = renderSeat(state, pending.seat);
    const { section, texts, best, buttons } = decisionOf(mine.container, "ew_reroll");
    expect(section.querySelector("h3")?.textContent).toMatch(new RegExp(`^! Your decision, as the ${role}: `));
    expect(section.textContent).toContain("spend 1 link to reroll any of your EW dice?");
    // "EW" spelled out (seed 000 5 "전자전": electronic warfare), and how the roll is won (5.2).
    expect(section.querySelector(":scope > p")?.textContent).toMatch(/^EW \(electronic warfare\) roll \(/);
    expect(section.querySelector(".decision-note")?.textContent).toBe(
      "Electronic warfare: caster and responder each roll as many yellow dice as their unit's EW value (the caster more with a transmission strength); more lightning wins, on a tie more light, on a tie of both the caster.",
    );
    // How the dice lie now, from the rules' own count (seed 000 5.2), as the settled roll will count them.
    const standing = ewStanding(ember.viewFor(state, seatViewer(pending.seat)))!;
    const line = section.querySelector("[data-ew-standing]");
    expect(line?.getAttribute("data-ew-standing")).toBe(
      `${standing.caster.lightning}:${standing.caster.lights}:${standing.responder.lightning}:${standing.responder.lights}:${standing.winner}`,
    );
    const w = (n: number, word: string) => `${n} ${word}`;
    expect(line?.textContent).toBe(
      `As the dice lie now: caster ${w(standing.caster.lightning, "lightning")}, ${w(standing.caster.lights, "light")} v responder ${w(standing.responder.lightning, "lightning")}, ${w(standing.responder.lights, "light")}: the ${standing.winner} wins (if nobody rerolls again)`,
    );
    // Both sides' EW dice, each row named by its unit and role.
    const rows = [...section.querySelectorAll(".dice-row")].map((r) => r.getAttribute("aria-label"));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/, caster$/);
    expect(rows[1]).toMatch(/, responder$/);
    expect(section.querySelectorAll(".dice-row svg[data-face]")).toHaveLength(state.ewRoll!.casterDice.length + state.ewRoll!.responderDice.length);
    // One button per legal answer, the default (no reroll) first and outlined, named below.
    expect(buttons).toHaveLength(mine.legal.length);
    expect(texts[0]).toBe("No reroll");
    expect(best).toBe(buttons[0]);
    expect(best?.getAttribute("aria-describedby")).toBe("decision-default");
    expect(section.querySelector("#decision-default")?.textContent).toBe("Outlined and first: No reroll. It is the default, taken if your time runs out.");
    fireEvent.click(buttons[0]!);
    expect(mine.onCommand).toHaveBeenCalledWith({ type: "reroll", dice: [] });
    expect(defaultAnswer(state)).toEqual({ type: "reroll", dice: [] });
    expect(mine.container.querySelector(".action-bar")?.getAttribute("data-folded")).toBe("false");
    mine.unmount();
    const theirs = renderSeat(state, other(pending.seat));
    expect(theirs.container.querySelector('[data-decision="waiting"]')?.textContent).toBe(`Waiting for ${NAMES[pending.seat]}, the ${role}, to decide on an EW link reroll…`);
    // On a phone the waiting seat's bar is folded (the board in sight) and still says what it waits for; the asked seat's was open.
    const bar = theirs.container.querySelector(".action-bar")!;
    expect(bar.getAttribute("data-folded")).toBe("true");
    expect(bar.querySelector(':scope > [data-decision="waiting"]')?.classList.contains("decision")).toBe(true);
    // The attack panel shows the roll waiting, and whose reroll it is, to everyone.
    const panel = render(withNames(<AttackPanel view={ember.viewFor(state, seatViewer(other(pending.seat)))} events={[]} />));
    expect(panel.container.querySelector(".ew-current")?.textContent).toContain(`In progress: ${NAMES[pending.seat]}'s link reroll (${role})`);
    panel.unmount();
    theirs.unmount();
    await inKorean();
    const ko = renderSeat(state, pending.seat);
    const ko_ = decisionOf(ko.container, "ew_reroll");
    expect(ko_.section.textContent).toContain("링크 1을 소모해 내 전자전 주사위를 다시 굴릴까요?");
    expect(ko_.section.querySelector(":scope > p")?.textContent).toMatch(/^전자전\(EW\) 굴림 \(/);
    expect(ko_.section.querySelector(".decision-note")?.textContent).toMatch(/^전자전: 시전자와 대응자가 각각 유닛의 전자전 수치만큼 노랑 주사위를 굴립니다/);
    const koRole = (r: string) => (r === "caster" ? "시전자" : "대응자");
    expect(ko_.section.querySelector("[data-ew-standing]")?.textContent).toBe(
      `지금 주사위대로라면: 시전자 번개 ${standing.caster.lightning}, 약공격 ${standing.caster.lights} 대 대응자 번개 ${standing.responder.lightning}, 약공격 ${standing.responder.lights}: ${koRole(standing.winner)} 승리 (더 이상 리롤하지 않을 때)`,
    );
    expect(ko_.texts[0]).toBe("리롤하지 않음");
    expect(ko_.section.querySelector("h3")?.textContent).toMatch(new RegExp(`^! 내 결정 \\(${role === "caster" ? "시전자" : "대응자"}\\): `));
    expect(koreanProblems(ko.container)).toEqual([]);
  });
});

describe("seed 000 1.2.1: using a designation ability", () => {
  test("the attacker or defender asked reads the ability and what the other side can set against it; 'Use' is the default; the other seat waits for it by role", async () => {
    const state = find((s) => s.pending?.kind === "use_designation");
    const pending = state.pending as Extract<NonNullable<EmberState["pending"]>, { kind: "use_designation" }>;
    const ability = { snipe: "snipe", kick: "kick", shield: "raise shield" }[pending.options.ability];
    const mine = renderSeat(state, pending.seat);
    const { section, texts, best, buttons } = decisionOf(mine.container, "use_designation");
    expect(section.querySelector("h3")?.textContent).toMatch(new RegExp(`^! Your decision, as the ${pending.options.by}: `));
    expect(texts).toEqual([`Use ${ability}`, `Do not use ${ability}`]);
    expect(best).toBe(buttons[0]);
    expect(section.querySelector(".decision-note")?.textContent).toMatch(/part die is rolled/);
    fireEvent.click(buttons[1]!);
    expect(mine.onCommand).toHaveBeenCalledWith({ type: "use_designation", use: false });
    mine.unmount();
    const theirs = renderSeat(state, other(pending.seat));
    expect(theirs.container.querySelector('[data-decision="waiting"]')?.textContent).toBe(
      `Waiting for ${NAMES[pending.seat]}, the ${pending.options.by}, to decide on using a designation ability…`,
    );
    theirs.unmount();
    await inKorean();
    const ko = renderSeat(state, pending.seat);
    const koAbility = { snipe: "저격", kick: "발차기", shield: "방패 들기" }[pending.options.ability];
    expect(decisionOf(ko.container, "use_designation").texts).toEqual([`${koAbility} 사용`, `${koAbility} 사용 안 함`]);
    expect(koreanProblems(ko.container)).toEqual([]);
  });
});

describe("seed 000 1.2.1: the defender's cancellation", () => {
  test("the defender reads both ways to cancel with what follows; no penetration is the default, first; the attacker waits for the defender's choice", async () => {
    const state = cancellationAsked();
    const pending = state.pending as Extract<NonNullable<EmberState["pending"]>, { kind: "choose_cancellation" }>;
    const mine = renderSeat(state, pending.seat);
    const { section, texts, best, buttons } = decisionOf(mine.container, "choose_cancellation");
    expect(section.querySelector("h3")?.textContent).toMatch(/^! Your decision, as the defender: /);
    expect(section.textContent).toMatch(/is hit: choose which results your \[evade\]s and \[defend\]s cancel\./);
    // The attack and defence dice it decides on.
    expect([...section.querySelectorAll(".dice-row")].map((r) => r.getAttribute("aria-label"))).toEqual(["Attack pool", "Defence pool"]);
    expect(texts).toEqual(["evade 1 heavy → no penetration, −1 link", "evade 1 eye → penetration (1 damage)"]);
    expect(best).toBe(buttons[0]);
    fireEvent.click(buttons[1]!);
    expect(mine.onCommand).toHaveBeenCalledWith({ type: "choose_cancellation", evade: { heavy: 0, light: 0, eye: 1, lightning: 0 }, defend: 0 });
    expect(mine.legal.map(commandKey)).toContain(commandKey(mine.onCommand.mock.calls[0][0]));
    mine.unmount();
    const theirs = renderSeat(state, other(pending.seat));
    expect(theirs.container.querySelector('[data-decision="waiting"]')?.textContent).toBe(`Waiting for ${NAMES[pending.seat]}, the defender, to choose which results to cancel…`);
    theirs.unmount();
    await inKorean();
    const ko = renderSeat(state, pending.seat);
    const koDecision = decisionOf(ko.container, "choose_cancellation");
    expect(koDecision.texts).toEqual(["회피로 강공격 1개 → 관통 없음, 링크 −1", "회피로 눈 1개 → 관통 (데미지 1)"]);
    expect(koDecision.section.querySelector("h3")?.textContent).toMatch(/^! 내 결정 \(방어자\): /);
    expect(koreanProblems(ko.container)).toEqual([]);
  });
});

describe("seed 000 1.2.1: choosing the hit part", () => {
  test("each part offered says the white dice it defends with, its structure once damaged, in English and Korean", async () => {
    const state = find((s) => s.pending?.kind === "choose_hit_part" && s.units.some((u) => u.id === (s.pending as { options: { defender: string } }).options.defender && u.kind === "mech" && Object.values(u.parts).some((p) => p.damaged && !p.destroyed)));
    const pending = state.pending as Extract<NonNullable<EmberState["pending"]>, { kind: "choose_hit_part" }>;
    const defender = state.units.find((u) => u.id === pending.options.defender)!;
    if (defender.kind !== "mech") throw new Error("a mech defends");
    const mine = renderSeat(state, pending.seat);
    const { texts } = decisionOf(mine.container, "choose_hit_part");
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).toMatch(/^(Torso|Chassis|Left arm|Right arm): (defends with \d+ white dic?e \(armour\)|damaged, defends with \d+ white dic?e \(structure\); the next penetration destroys it)$/);
    expect(texts.some((x) => x.includes("damaged"))).toBe(true);
    mine.unmount();
    await inKorean();
    try {
      const ko = renderSeat(state, pending.seat);
      expect(decisionOf(ko.container, "choose_hit_part").texts.some((x) => /하양 주사위 \d+개로 방어 \(구조\); 다음 관통에 파괴$/.test(x))).toBe(true);
      expect(koreanProblems(ko.container)).toEqual([]);
    } finally {
      await act(async () => {
        await i18next.changeLanguage("en");
      });
    }
  });
});
