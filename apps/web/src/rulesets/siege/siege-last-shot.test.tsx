/**
 * The newest shot's outcome stands in the Siege action bar (seed 004_cb264102299fbb71.txt "사격"
 * 3-5): shooter, target, damage and the dice, in one short line, while it is recent
 * (made in the activation under way or the one before it). On a phone the last-shot panel lies
 * far below the map, so after a shot, or the other side's reaction shot, the bar said nothing of
 * what it did. Once the match is over the bar neither repeats the shot nor says "Nothing to do
 * now" as if the match waited; it says the match is over. In English and Korean.
 */
import { deserialize, serialize } from "node:v8";
import i18next from "i18next";
import { seatViewer } from "@fogwar/engine";
import { siege, type SiegeEvent } from "@fogwar/siege";
import { inEnglish } from "../../../test/english";
import { runSiege } from "../../../test/siege-play";
import { facing, show } from "../../../test/siege-table";

globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;
jest.setTimeout(30_000);
inEnglish();
afterEach(() => i18next.changeLanguage("en"));

const SHOT: SiegeEvent = { type: "shot", shooter: "haze", target: "keel", kind: "action", distance: 1, protection: 2, dice: [{ colour: "orange", face: 5, value: 3 }, { colour: "orange", face: 3, value: 2 }], damage: 3 };

/** The bar's last-shot line of the attack's table during Haze's activation, after `events`. */
function barLine(events: SiegeEvent[]): string | null {
  const s = runSiege(facing(), [["a1", { type: "activate", operator: "haze" }]]);
  const { container, unmount } = show(s, "a1", { events: [{ seq: 1, events }] });
  const line = container.querySelector(".action-bar .last-shot-line")?.textContent ?? null;
  unmount();
  return line;
}

describe("the action bar says the newest shot's outcome", () => {
  test("a shot in the activation under way: shooter, target, damage and the dice, in English and Korean", async () => {
    const events: SiegeEvent[] = [{ type: "activated", operator: "haze" }, SHOT];
    expect(barLine(events)).toBe("Last shot: Haze → Keel, 3 damage (orange 3, orange 2)");
    await i18next.changeLanguage("ko");
    expect(barLine(events)).toBe("마지막 사격: 헤이즈 → 킬, 피해 3 (주황 3, 주황 2)");
  });

  test("the other side's shot in the activation just before this one is still said; an older one is not", () => {
    expect(barLine([{ type: "activated", operator: "keel" }, SHOT, { type: "activated", operator: "haze" }])).toMatch(/^Last shot: Haze → Keel/);
    expect(barLine([SHOT, { type: "activated", operator: "keel" }, { type: "activated", operator: "haze" }])).toBeNull();
  });

  test("a gadget's blast reads as a blast", async () => {
    const blast: SiegeEvent = { type: "shot", shooter: "spare_c4", target: "haze", kind: "action", distance: 0, protection: 0, dice: [{ colour: "orange", face: 5, value: 3 }], damage: 3 };
    expect(barLine([{ type: "activated", operator: "haze" }, blast])).toBe("Last shot: Spare C4's blast → Haze, 3 damage (orange 3)");
    await i18next.changeLanguage("ko");
    expect(barLine([{ type: "activated", operator: "haze" }, blast])).toBe("마지막 사격: 예비 C4 폭발 → 헤이즈, 피해 3 (주황 3)");
  });
});

test("once the match is over the bar says so, not 'Nothing to do now', and no longer repeats the last shot, in English and Korean", async () => {
  const s = runSiege(facing(), [["a1", { type: "activate", operator: "haze" }]]);
  const view = structuredClone(siege.viewFor(s, seatViewer("a1")));
  view.phase = "finished";
  view.activation = null;
  const bar = () => {
    const { container, unmount } = show(s, "a1", { view, legal: [], events: [{ seq: 1, events: [{ type: "activated", operator: "haze" }, SHOT] }] });
    const seen = { controls: container.querySelector(".siege-controls")?.textContent, shot: container.querySelector(".action-bar .last-shot-line") };
    unmount();
    return seen;
  };
  expect(bar()).toEqual({ controls: "The match is over: there is nothing left to do.", shot: null });
  await i18next.changeLanguage("ko");
  expect(bar().controls).toBe("경기가 끝났습니다. 더 할 일이 없습니다.");
});
