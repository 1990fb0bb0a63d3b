/**
 * The Siege event log keeps naming a gadget after it has left the board (seed 004_cb264102299fbb71.txt
 * "파괴": a breached gadget goes back to the box): the breach of a deployable shield reads
 * "Deployable shield at Packing floor H5", and the map's camera, moved by the defence in its setup,
 * is named where it was moved to in the red ping it gave and in the breach that destroyed it. The
 * lines once turned into "a gadget" the moment the gadget was gone. A gadget's blast (seed 004 "전술
 * 도구": no protection) reads as a blast, in the log and the last-shot panel, not as the gadget
 * shooting ("Spare C4 shoots Cinder (action): distance 0, protection 0"). In English and Korean.
 */
import { deserialize, serialize } from "node:v8";
import i18next from "i18next";
import { seatViewer } from "@fogwar/engine";
import { siege, type SiegeCommand, type SiegeEvent, type SiegeState } from "@fogwar/siege";
import { inEnglish } from "../../../test/english";
import { facing, picked, show } from "../../../test/siege-table";

globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;
inEnglish();
afterEach(() => i18next.changeLanguage("en"));

/** The real events of the defence's setup command on `state` that `which` finds among its legal ones. */
function setupEvents(state: SiegeState, which: (c: SiegeCommand) => boolean): SiegeEvent[] {
  const command = siege.legalCommands(state, "d1").find(which);
  if (!command) throw new Error("no such setup command");
  const r = siege.apply(state, command, "d1");
  if (!r.ok) throw new Error(r.error.code);
  return r.events.map((e) => e.event);
}

/** The attack's log after the defence's setup (a shield placed at 7,4, the camera moved to 7,2), a red ping by the camera and the breach of both; neither is on the board any more. */
function logLines(): string[] {
  const s = facing();
  const view = structuredClone(siege.viewFor(s, seatViewer("a1")));
  const setup = [
    ...setupEvents(picked(), (c) => c.type === "place_gadget" && c.gadget === "deployable_shield" && c.at === "7,4"),
    ...setupEvents(picked(), (c) => c.type === "edit_component" && c.component === "cam_smokehouse" && c.to === "7,2"),
  ];
  const shield = setup.find((e): e is Extract<SiegeEvent, { type: "gadget_placed" }> => e.type === "gadget_placed")!.gadget.id;
  const play: SiegeEvent[] = [
    { type: "pinged", operator: "lantern", source: "cam_smokehouse" },
    { type: "breached", by: "lantern", partitions: [], gadgets: ["cam_smokehouse"] },
    { type: "breached", by: "haze", partitions: [], gadgets: [shield] },
  ];
  view.gadgets = view.gadgets.filter((g) => g.id !== shield && g.id !== "cam_smokehouse");
  const { container, unmount } = show(s, "a1", { view, events: [{ seq: 1, events: setup }, { seq: 2, events: play }] });
  const lines = [...container.querySelectorAll(".log-lines li")].map((li) => li.textContent ?? "");
  unmount();
  return lines;
}

describe("the log names a gadget that has left the board", () => {
  test("a breached shield, and a moved camera's red ping and breach, keep their names at the gadgets' last places", async () => {
    const en = logLines();
    expect(en).toContain("Lantern is red-pinged (Camera at Smokehouse H3): it counts as seen by the other team until the next upkeep.");
    expect(en).toContain("Breach by Lantern: Camera at Smokehouse H3.");
    expect(en).toContain("Breach by Haze: Deployable shield at Packing floor H5.");
    expect(en.join("\n")).not.toMatch(/a gadget/);
    await i18next.changeLanguage("ko");
    const ko = logLines();
    expect(ko).toContain("랜턴의 파괴: 훈제실 H3의 카메라.");
    expect(ko).toContain("헤이즈의 파괴: 포장 작업장 H5의 이동식 방패.");
    expect(ko.join("\n")).not.toMatch(/: 도구\.|\(도구\)/);
  });

  test("a gadget's blast on an operator is said as a blast, not as the gadget shooting at distance 0", async () => {
    const s = facing();
    // The event the rules emit for a gadget's damage on a space's occupant (damage.ts hitSpace): Fennel's Spare C4 on Cinder.
    const blast: SiegeEvent = { type: "shot", shooter: "spare_c4", target: "cinder", kind: "action", distance: 0, protection: 0, dice: [{ colour: "orange", face: 0, value: 3 }], damage: 3 };
    const read = () => {
      const { container, unmount } = show(s, "a1", { events: [{ seq: 1, events: [blast] }] });
      const seen = { log: container.querySelector(".log-lines li")?.textContent, panel: container.querySelector(".last-shot p")?.textContent };
      unmount();
      return seen;
    };
    expect(read()).toEqual({ log: "Spare C4's blast hits Cinder (no protection against a gadget): dice orange 3 → 3 damage.", panel: "Spare C4's blast → Cinder: 3 damage" });
    await i18next.changeLanguage("ko");
    expect(read()).toEqual({ log: "예비 C4의 폭발이 신더에게 명중 (도구 피해는 보호 없음): 주사위 주황 3 → 피해 3.", panel: "예비 C4 폭발 → 신더: 피해 3" });
  });
});
