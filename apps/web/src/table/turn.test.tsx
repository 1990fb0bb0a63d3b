/**
 * Turn awareness: the title and favicon say when it is the viewer's move or decision; a browser
 * notification only when the tab is hidden and the viewer allowed it from the button (never asked
 * on load); the log box follows new lines without scrolling the window.
 */
import { act, fireEvent, render, screen } from "@testing-library/react";
import { NotifyButton } from "./TableChrome";
import { FAVICON, useTurnAwareness, type TurnState } from "./turn";
import { inEnglish } from "../../test/english";

inEnglish();

function Probe({ state }: { state: TurnState }) {
  useTurnAwareness(state, "Crossroads", { you: "Ada", waiting: state ? ["Ada"] : ["Grace", "Bo"] });
  return null;
}

const icon = () => document.querySelector('link[rel="icon"]')?.getAttribute("href");

afterEach(() => {
  delete (globalThis as { Notification?: unknown }).Notification;
});

test("the title and the favicon show the viewer's move or decision with the viewer's name, else whom the match waits for, and go back after", () => {
  const { rerender, unmount } = render(<Probe state={null} />);
  expect(document.title).toBe("Waiting for Grace, Bo · Crossroads · fogwar");
  expect(icon()).toBe(FAVICON.idle);
  rerender(<Probe state="move" />);
  expect(document.title).toBe("● Your move · Ada · fogwar");
  expect(icon()).toBe(FAVICON.turn);
  rerender(<Probe state="decision" />);
  expect(document.title).toBe("● Your decision · Ada · fogwar");
  unmount();
  expect(document.title).toBe("fogwar");
  expect(icon()).toBe(FAVICON.idle);
});

test("a notification when the turn comes while the tab is hidden and notifications are allowed; none while visible", () => {
  const shown: string[] = [];
  class FakeNotification {
    static permission = "granted";
    constructor(title: string, options: { body: string }) {
      shown.push(title, options.body);
    }
  }
  (globalThis as { Notification?: unknown }).Notification = FakeNotification;
  const visibility = jest.spyOn(document, "visibilityState", "get").mockReturnValue("visible");
  const { rerender } = render(<Probe state={null} />);
  rerender(<Probe state="move" />);
  expect(shown).toEqual([]);
  rerender(<Probe state={null} />);
  visibility.mockReturnValue("hidden");
  rerender(<Probe state="decision" />);
  expect(shown).toEqual(["● Your decision · Ada · fogwar", "Ada, a decision is waiting for you."]);
  visibility.mockRestore();
});

test("permission is asked only when the button is pressed", async () => {
  const request = jest.fn().mockResolvedValue("granted");
  (globalThis as { Notification?: unknown }).Notification = { permission: "default", requestPermission: request };
  render(<NotifyButton />);
  expect(request).not.toHaveBeenCalled();
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Notify me when it is my turn" }));
  });
  expect(request).toHaveBeenCalledTimes(1);
  expect(screen.getByText("Turn notifications on")).toBeTruthy();
});
