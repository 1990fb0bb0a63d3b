/**
 * The optional turn sound (./sound.ts, SoundToggle): off by default, switched by the table's
 * toggle and remembered in localStorage, a WebAudio tone (a mocked AudioContext here) when it
 * becomes the viewer's move or decision, none under reduced motion unless switched on.
 */
import { act, fireEvent, render, screen } from "@testing-library/react";
import { SoundToggle } from "./TableChrome";
import { SOUND_KEY, resetTurnSound } from "./sound";
import { useTurnAwareness, type TurnState } from "./turn";
import { inEnglish } from "../../test/english";

inEnglish();

/** Every oscillator started on a mocked AudioContext, with its frequency. */
let started: number[] = [];
let contexts = 0;

class FakeAudioContext {
  state = "suspended";
  currentTime = 0;
  destination = {};
  constructor() {
    contexts++;
  }
  resume = jest.fn(async () => {
    this.state = "running";
  });
  createOscillator() {
    let frequency = 0;
    return {
      type: "",
      frequency: { setValueAtTime: (f: number) => void (frequency = f) },
      connect: jest.fn(),
      start: () => void started.push(frequency),
      stop: jest.fn(),
    };
  }
  createGain() {
    return { gain: { setValueAtTime: jest.fn(), exponentialRampToValueAtTime: jest.fn() }, connect: jest.fn() };
  }
}

function mockReducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({ matches: reduce && query.includes("reduce"), media: query, addEventListener: jest.fn(), removeEventListener: jest.fn() })) as unknown as typeof window.matchMedia;
}

function Table({ state }: { state: TurnState }) {
  useTurnAwareness(state, "Crossroads", { you: "Ada" });
  return <SoundToggle />;
}

beforeEach(() => {
  started = [];
  contexts = 0;
  localStorage.clear();
  resetTurnSound();
  (globalThis as { AudioContext?: unknown }).AudioContext = FakeAudioContext;
  mockReducedMotion(false);
});
afterEach(() => {
  delete (globalThis as { AudioContext?: unknown }).AudioContext;
});

test("off by default: the turn comes and no sound plays (no AudioContext is even made)", () => {
  const { rerender } = render(<Table state={null} />);
  expect(screen.getByRole("button", { name: "Turn sound: off" }).getAttribute("aria-pressed")).toBe("false");
  rerender(<Table state="move" />);
  expect(contexts).toBe(0);
  expect(started).toEqual([]);
});

test("switched on: the toggle plays the tone once, remembers the choice, and a tone plays when it becomes the viewer's move or decision", () => {
  const { rerender, unmount } = render(<Table state={null} />);
  act(() => {
    fireEvent.click(screen.getByRole("button", { name: "Turn sound: off" }));
  });
  expect(localStorage.getItem(SOUND_KEY)).toBe("on");
  expect(screen.getByRole("button", { name: "Turn sound: on" }).getAttribute("aria-pressed")).toBe("true");
  expect(started).toEqual([660, 880]);
  rerender(<Table state="move" />);
  expect(started).toEqual([660, 880, 660, 880]);
  // Still the viewer's move: no second tone.
  rerender(<Table state="move" />);
  expect(started).toHaveLength(4);
  rerender(<Table state="decision" />);
  expect(started.slice(4)).toEqual([880, 660]);
  unmount();
  // Remembered: a new page (module state reset) reads it back from localStorage.
  resetTurnSound();
  const again = render(<Table state={null} />);
  expect(screen.getByRole("button", { name: "Turn sound: on" })).toBeTruthy();
  again.rerender(<Table state="move" />);
  expect(started).toHaveLength(8);
});

test("switched off again: no tone, and the choice is remembered as off", () => {
  localStorage.setItem(SOUND_KEY, "on");
  const { rerender } = render(<Table state={null} />);
  act(() => {
    fireEvent.click(screen.getByRole("button", { name: "Turn sound: on" }));
  });
  expect(localStorage.getItem(SOUND_KEY)).toBe("off");
  rerender(<Table state="move" />);
  expect(started).toEqual([]);
});

test("under prefers-reduced-motion: no sound unless the player switched it on; once on, it plays", () => {
  mockReducedMotion(true);
  const first = render(<Table state={null} />);
  first.rerender(<Table state="move" />);
  expect(started).toEqual([]);
  first.unmount();
  localStorage.setItem(SOUND_KEY, "on");
  resetTurnSound();
  const second = render(<Table state={null} />);
  second.rerender(<Table state="decision" />);
  expect(started).toEqual([880, 660]);
});

test("a browser without WebAudio: the toggle still works and nothing throws", () => {
  delete (globalThis as { AudioContext?: unknown }).AudioContext;
  const { rerender } = render(<Table state={null} />);
  act(() => {
    fireEvent.click(screen.getByRole("button", { name: "Turn sound: off" }));
  });
  rerender(<Table state="move" />);
  expect(screen.getByRole("button", { name: "Turn sound: on" })).toBeTruthy();
});
