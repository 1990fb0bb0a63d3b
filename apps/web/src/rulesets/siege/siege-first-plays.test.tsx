/**
 * What new players' first Siege matches (seed 004_cb264102299fbb71.txt) tripped over, in English
 * and Korean: the last operator left to deploy is named in the bar (its list had nothing left to
 * choose, so nothing said who was being placed). States are reached by commands through the
 * engine.
 */
import { deserialize, serialize } from "node:v8";
import { act } from "@testing-library/react";
import i18next from "i18next";
import { inEnglish } from "../../../test/english";
import { runSiege } from "../../../test/siege-play";
import { defenceReady, show } from "../../../test/siege-table";

globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;
jest.setTimeout(30_000);
inEnglish();
beforeEach(() => localStorage.clear());
afterEach(() => i18next.changeLanguage("en"));

const korean = () => act(async () => void (await i18next.changeLanguage("ko")));

/** The attack deploying: every operator but Lantern on the map. */
function lastToDeploy() {
  let s = defenceReady();
  for (const [op, at] of Object.entries({ auger: "0,9", bulwark: "1,9", cinder: "2,9", haze: "8,0" })) s = runSiege(s, [["a1", { type: "deploy", operator: op, at, facing: null }]]);
  return s;
}

describe("seed 004 공격팀 배치: the operator being deployed is named", () => {
  test("the last operator left to deploy is named in the bar, in English and Korean", async () => {
    const { container, unmount } = show(lastToDeploy(), "a1");
    expect(container.querySelector(".siege-controls [data-fixed=operator]")?.textContent).toBe("Deploying Lantern, the last operator left to deploy");
    unmount();
    await korean();
    expect(show(lastToDeploy(), "a1").container.querySelector(".siege-controls [data-fixed=operator]")?.textContent).toBe("마지막으로 배치할 오퍼레이터: 랜턴");
  });

  test("while several are left the list names them, and no single operator is announced", () => {
    let s = defenceReady();
    s = runSiege(s, [["a1", { type: "deploy", operator: "auger", at: "0,9", facing: null }]]);
    const { container } = show(s, "a1");
    expect(container.querySelector(".siege-controls [data-fixed=operator]")).toBeNull();
    expect(container.querySelector(".siege-controls select[data-field=operator]")).not.toBeNull();
  });
});

