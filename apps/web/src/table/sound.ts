/**
 * The optional turn sound: a short two-note tone made with WebAudio (no sound file) when it
 * becomes the viewer's move or decision. Off by default; the table's toggle (SoundToggle in
 * TableChrome) switches it on or off and the choice is remembered in localStorage
 * (`fogwar:turn-sound`, "on" or "off"). Since it plays only when switched on explicitly, it never
 * plays under `prefers-reduced-motion: reduce` unless the player asked for it.
 */

/** The localStorage key of the choice: "on" or "off" (absent: off). */
export const SOUND_KEY = "fogwar:turn-sound";

type Listener = () => void;
const listeners = new Set<Listener>();

/** Whether the player switched the turn sound on (absent or unreadable storage: off). */
export function soundOn(): boolean {
  try {
    return globalThis.localStorage?.getItem(SOUND_KEY) === "on";
  } catch {
    return false;
  }
}

/** Remembers the choice and tells every subscribed toggle. */
export function setSoundOn(on: boolean): void {
  try {
    globalThis.localStorage?.setItem(SOUND_KEY, on ? "on" : "off");
  } catch {
    // not remembered; this page still follows the choice below
  }
  memory = on;
  for (const listener of listeners) listener();
}

/** The choice as this page last set it (storage may refuse writes). */
let memory: boolean | null = null;

/** The current choice: this page's last one, else the stored one. */
export const soundChoice = (): boolean => memory ?? soundOn();

/** Subscribes to changes of the choice (for useSyncExternalStore); returns the unsubscriber. */
export function subscribeSound(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Whether the turn sound plays: only when the player switched it on. Nothing plays by default, so
 * under `prefers-reduced-motion: reduce` too it plays only once enabled explicitly.
 */
export const turnSoundWanted = (): boolean => soundChoice();

type AudioContextClass = typeof AudioContext;
let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (context) return context;
  const w = globalThis as unknown as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass };
  const Ctor = w.AudioContext ?? w.webkitAudioContext;
  if (!Ctor) return null;
  try {
    context = new Ctor();
  } catch {
    return null;
  }
  return context;
}

/**
 * Plays the turn tone: two short sine notes (a move rises 660 -> 880 Hz, a decision 880 -> 660 Hz),
 * 0.3 s in all, quiet. Browsers start an AudioContext suspended until a user gesture: the toggle's
 * click creates and resumes it, so later tones play. Returns whether a tone was scheduled.
 */
export function playTurnTone(kind: "move" | "decision" = "move"): boolean {
  const ctx = audioContext();
  if (!ctx) return false;
  try {
    if (ctx.state === "suspended") void ctx.resume().catch(() => undefined);
    const notes = kind === "move" ? [660, 880] : [880, 660];
    const start = ctx.currentTime;
    notes.forEach((frequency, i) => {
      const at = start + i * 0.15;
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = "sine";
      osc.frequency.setValueAtTime(frequency, at);
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.12, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.14);
      osc.connect(gain);
      gain.connect(ctx.destination);
      osc.start(at);
      osc.stop(at + 0.15);
    });
    return true;
  } catch {
    return false;
  }
}

/** Forgets the shared AudioContext (tests). */
export function resetTurnSound(): void {
  context = null;
  memory = null;
}
