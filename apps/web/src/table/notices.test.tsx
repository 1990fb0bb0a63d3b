/**
 * A seat the host re-issued is told on every table: the session keeps each `notice` once (a
 * join gets the room's earlier notices again) and the table's log says it in both languages,
 * naming the seat's player, and in other words to the seat that lost it.
 */
import { act, render, screen } from "@testing-library/react";
import { setupI18n } from "../i18n";
import "../i18n/table-strings";
import { MatchSession, type RoomClient } from "@fogwar/client";
import { PlayersProvider } from "./names";
import { TableNotices } from "./TableNotices";

const i18n = setupI18n("en");

/** The parts of a Colyseus room the session uses. */
class FakeRoom {
  state: Record<string, unknown> = { seq: 0, view: new Map(), seats: new Map(), connected: new Map(), spectators: 0 };
  handlers: Record<string, ((...args: never[]) => void)[]> = {};
  reconnection = { enabled: true };
  private on(name: string) {
    return (cb: (...args: never[]) => void) => void (this.handlers[name] ??= []).push(cb);
  }
  onMessage = (_type: string, cb: (type: string, payload: unknown) => void) => {
    this.on("message")(cb);
    return () => undefined;
  };
  onStateChange = this.on("state");
  onLeave = this.on("leave");
  message(type: string, payload: Record<string, unknown>) {
    for (const cb of this.handlers.message ?? []) (cb as (...a: unknown[]) => void)(type, { type, ...payload });
  }
  send() {}
  async leave() {
    return 1000;
  }
  removeAllListeners() {
    this.handlers = {};
  }
}

const notice = { kind: "seat_reissued", seat: "p2", at: Date.UTC(2026, 11, 4, 6, 0, 0) } as const;

test("the session keeps each notice once, in order", async () => {
  const room = new FakeRoom();
  const sdk: RoomClient = { joinById: async () => room as never };
  const s = new MatchSession("m", { role: "player", seat: "p1", token: "3f9c2a7e5b1d4c8f9a0e6b2d7c4f1a83" }, sdk);
  s.start();
  await new Promise((r) => setTimeout(r, 0));
  room.message("notice", { notice });
  room.message("notice", { notice });
  room.message("notice", { notice: { ...notice, seat: "p1", at: notice.at + 1 } });
  expect(s.getSnapshot().notices).toEqual([notice, { ...notice, seat: "p1", at: notice.at + 1 }]);
  s.dispose();
});

test.each([
  ["en", "p1", /The host re-issued Bo's seat: whoever held it was disconnected/],
  ["ko", "p1", /호스트가 Bo의 좌석을 다시 발급했습니다/],
  ["en", "p2", /The host re-issued your seat \(Bo\): this browser no longer holds it/],
  ["ko", "p2", /호스트가 당신의 좌석\(Bo\)을 다시 발급했습니다/],
] as const)("the table's log tells a re-issue (%s, to %s)", async (language, seat, text) => {
  await act(() => i18n.changeLanguage(language));
  render(
    <PlayersProvider players={[{ seat: "p1", name: "Ada" }, { seat: "p2", name: "Bo" }]}>
      <TableNotices notices={[notice]} seat={seat} />
    </PlayersProvider>,
  );
  expect(screen.getByRole("log").textContent).toMatch(text);
});

test("no notices: nothing is shown", () => {
  const { container } = render(<TableNotices notices={[]} seat="p1" />);
  expect(container.innerHTML).toBe("");
});
