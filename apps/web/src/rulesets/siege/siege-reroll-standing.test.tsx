/**
 * A reroll question on the Siege table (seed 004_cb264102299fbb71.txt "사격" 3-5 and the reroll
 * tokens) says where the shot stands if its dice are kept: their total, the target's protection,
 * the damage that leaves and the target's health, or that the damage already takes the target
 * down, so a team does not spend a token blind (the prompt once listed the dice alone, and a shot
 * that already killed, or whose reroll could do no more damage, still offered its reroll as the
 * main button). In English and Korean. Its
 * answers are brought into the action bar's sight when it is asked (on a phone they lay under the
 * bar's "more below" edge).
 */
import { deserialize, serialize } from "node:v8";
import i18next from "i18next";
import { seatViewer } from "@fogwar/engine";
import { catalog, siege, type SiegeCommand } from "@fogwar/siege";
import { inEnglish } from "../../../test/english";
import { facing, scrolledOnAsking, show } from "../../../test/siege-table";

globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;
inEnglish();
afterEach(() => i18next.changeLanguage("en"));

const LEGAL: SiegeCommand[] = [{ type: "keep" }, { type: "reroll", dice: [0] }, { type: "reroll", dice: [1] }, { type: "reroll", dice: [0, 1] }];

/** The attack's view with its reroll question after Haze's shot at Keel (protection 2) rolled `values` on two orange dice. */
function asked(values: [number, number]) {
  const s = facing();
  const view = structuredClone(siege.viewFor(s, seatViewer("a1")));
  view.pending = { kind: "reroll", team: "attack", shooter: "haze", target: "keel", distance: 1, protection: 2, dice: values.map((value) => ({ colour: "orange" as const, face: 0, value })) };
  return { s, view };
}

/** The attack's reroll question (see {@link asked}): the prompt's text. */
function prompt(values: [number, number]): string {
  const { s, view } = asked(values);
  const { container, unmount } = show(s, "a1", { view, legal: LEGAL });
  const text = container.querySelector(".pending")?.textContent ?? "";
  unmount();
  return text;
}

describe("a reroll question says where the shot stands if its dice are kept", () => {
  const health = catalog.operators.get("keel")!.health;

  test("dice that leave the target standing: the total, the protection, the damage and the health left", async () => {
    expect(prompt([3, 2])).toBe(`! Reroll: Attack may reroll dice of the shot at Keel: orange 3, orange 2. Kept, the dice total 5, less protection 2: 3 damage, and Keel has ${health} health left`);
    await i18next.changeLanguage("ko");
    expect(prompt([3, 2])).toBe(`! 리롤: 공격팀이 킬에 대한 사격 주사위를 다시 굴릴 수 있음: 주황 3, 주황 2. 유지하면: 합계 5 − 보호 2 = 피해 3, 킬의 남은 체력 ${health}`);
  });

  test("dice whose damage reaches the target's health say the shot already takes it down", async () => {
    const [a, b] = [health, 2];
    expect(prompt([a, b])).toMatch(new RegExp(`Kept, the dice total ${a + b}, less protection 2: ${a} damage, enough to take Keel down \\(${health} health left\\)$`));
    await i18next.changeLanguage("ko");
    expect(prompt([a, b])).toMatch(new RegExp(`유지하면: 합계 ${a + b} − 보호 2 = 피해 ${a}, 킬을 쓰러뜨림 \\(남은 체력 ${health}\\)$`));
  });
});

describe("a reroll that cannot do more damage than the kept dice", () => {
  /** The attack's table asked whether to reroll Bulwark's one yellow die (0) at Keel behind protection 2: even its highest face (2) does no damage. */
  function hopeless() {
    const s = facing();
    const view = structuredClone(siege.viewFor(s, seatViewer("a1")));
    view.pending = { kind: "reroll", team: "attack", shooter: "bulwark", target: "keel", distance: 5, protection: 2, dice: [{ colour: "yellow", face: 0, value: 0 }] };
    return show(s, "a1", { view, legal: [{ type: "keep" }, { type: "reroll", dice: [0] }] });
  }

  test("says so, and keeping the dice is the main button (a token would be spent for nothing), in English and Korean", async () => {
    const health = catalog.operators.get("keel")!.health;
    let table = hopeless();
    expect(table.container.querySelector(".pending")?.textContent).toBe(
      `! Reroll: Attack may reroll dice of the shot at Keel: yellow 0. Kept, the dice total 0, less protection 2: 0 damage, and Keel has ${health} health left; no reroll can do more (at best these dice total 2)`,
    );
    expect(table.container.querySelector(".siege-controls button.primary")?.textContent).toBe("Keep the dice");
    table.unmount();
    await i18next.changeLanguage("ko");
    table = hopeless();
    expect(table.container.querySelector(".pending")?.textContent).toMatch(/유지하면: 합계 0 − 보호 2 = 피해 0, 킬의 남은 체력 \d+\. 리롤해도 피해가 늘지 않음 \(이 주사위의 최대 합계 2\)$/);
  });

  test("a reroll that could still hurt stays the main button", () => {
    const { s, view } = asked([0, 1]);
    const { container } = show(s, "a1", { view, legal: LEGAL });
    expect(container.querySelector(".siege-controls button.primary")?.getAttribute("data-command")).toBe("reroll");
  });
});

test("a reroll asked brings its answers, Reroll, Keep the dice and the main button, into the bar's sight (on a phone they lay under its 'more below' edge)", async () => {
  const { s, view } = asked([3, 2]);
  // The legal answers may come after the view that asks (the table first renders with none).
  const { container, before, scrolled } = await scrolledOnAsking(s, "a1", view, LEGAL);
  expect(before).toEqual([]);
  const answers = ['.kinds button[data-kind="keep"]', '.kinds button[data-kind="reroll"]', 'button.primary[data-command="reroll"]'].map((q) => container.querySelector(`.action-bar .siege-controls ${q}`)!);
  expect(answers.every(Boolean)).toBe(true);
  expect(answers.filter((a) => !scrolled.some((el) => el.contains(a)))).toEqual([]);
});
