/**
 * The signal from where notifications are owed (a match's append, a challenge, a claim) to this
 * process's deliverer (./deliver.ts), so it claims them at once rather than at its next poll.
 */

type Listener = () => void;
const listeners = new Set<Listener>();

/** Tells this process's deliverers that notifications were just owed. */
export function notifyOwed(): void {
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever notifications are owed in this process; returns the unsubscribe. */
export function onOwed(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
