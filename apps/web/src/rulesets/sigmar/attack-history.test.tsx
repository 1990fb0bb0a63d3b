/**
 * The attack panel shows the latest attack; when the reply comes at once (the bot fights back
 * within a second), the player's own attack is no longer the latest. A button under the heading
 * names the attack before the one shown and shows it, every stage and its dice (seed 003 20, the
 * attack sequence); another goes back to the later ones; a new attack brings the panel back to it.
 */
import { act, fireEvent, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { seatViewer } from "@fogwar/engine";
import { sigmar, type SigmarEvent, type SigmarView } from "@fogwar/sigmar";
import { randomBattle } from "../../../test/sigmar-play";
import { AttackPanel } from "./AttackPanel";
import { inEnglish } from "../../../test/english";

inEnglish();
jest.setTimeout(120_000);

type Attacks = Extract<SigmarEvent, { type: "attacks" }>;

/** Three attacks of a seeded random battle, each by a different unit or at a different target than the one before, and the view after them. */
function threeAttacks(): { view: SigmarView; attacks: Attacks[] } {
  const attacks: Attacks[] = [];
  for (const { state, events } of randomBattle("attack-history", 800)) {
    for (const e of events) {
      const last = attacks.at(-1);
      if (e.type === "attacks" && (!last || last.unit !== e.unit || last.target !== e.target)) attacks.push(e);
    }
    if (attacks.length >= 3) return { view: sigmar.viewFor(state, seatViewer("p1")) as SigmarView, attacks: attacks.slice(0, 3) };
  }
  throw new Error("the battle made fewer than three attacks");
}

test("seed 003 20: the attack before the latest is named under the heading and shows every stage on a press; 'Later attack' goes back; a new attack opens the latest again", async () => {
  await act(async () => {
    await i18next.changeLanguage("en");
  });
  const { view, attacks } = threeAttacks();
  const [mine, reply, next] = attacks as [Attacks, Attacks, Attacks];
  const w = { t: i18next.getFixedT("en", "sigmar"), language: "en", name: (s: string) => s };
  const panel = (list: Attacks[]) => <AttackPanel w={w} view={view} events={list.map((e, i) => ({ seq: i + 1, events: [e] }))} />;
  const { container, rerender } = render(panel([mine, reply]));
  const heading = () => container.querySelector(".attack-panel h3")!.textContent!;
  const latest = heading();
  // The latest (the reply) opens at its first stage; the button names the attack before it.
  expect(container.querySelectorAll(".stages > li")).toHaveLength(reply.reports.length);
  const earlier = screen.getByRole("button", { name: /^◀ Earlier attack: / });
  expect(earlier.textContent).toContain(" against ");
  fireEvent.click(earlier);
  // Now the player's own attack: its heading, every stage of it (hit, wound, save, ward if any, damage), no "Next stage".
  expect(heading()).not.toBe(latest);
  expect(heading()).toBe(earlier.textContent!.replace("◀ Earlier attack: ", "Attack: "));
  const stages = mine.reports.reduce((n, r) => n + (r.ward ? 5 : 4), 0);
  expect(container.querySelectorAll(".stages > li")).toHaveLength(stages);
  expect(screen.queryByRole("button", { name: "Next stage" })).toBeNull();
  expect(screen.queryByRole("button", { name: /^◀ Earlier attack/ })).toBeNull();
  fireEvent.click(screen.getByRole("button", { name: "Later attack ▶" }));
  expect(heading()).toBe(latest);
  // A new attack: the panel shows it, at its first stage.
  fireEvent.click(screen.getByRole("button", { name: /^◀ Earlier attack: / }));
  rerender(panel([mine, reply, next]));
  expect(screen.queryByRole("button", { name: "Later attack ▶" })).toBeNull();
  expect(container.querySelectorAll(".stages > li")).toHaveLength(next.reports.length);
});

test("in Korean the button reads '◀ 이전 공격: … → …' and '다음 공격 ▶'", async () => {
  await act(async () => {
    await i18next.loadLanguages("ko");
  });
  const { view, attacks } = threeAttacks();
  const w = { t: i18next.getFixedT("ko", "sigmar"), language: "ko", name: (s: string) => s };
  render(<AttackPanel w={w} view={view} events={attacks.slice(0, 2).map((e, i) => ({ seq: i + 1, events: [e] }))} />);
  const earlier = screen.getByRole("button", { name: /^◀ 이전 공격: .+ → .+/ });
  fireEvent.click(earlier);
  expect(screen.getByRole("button", { name: "다음 공격 ▶" })).toBeTruthy();
});
