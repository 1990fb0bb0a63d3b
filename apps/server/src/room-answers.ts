/**
 * A room's answers to commands (docs/protocol.md "Commands and answers"): `accepted` with the
 * entry's seq, or `rejected` with the error. A command id sent again by its seat is answered as
 * the first time and applies nothing: accepted ids are found in the match's log (./live.ts
 * `seqOfCommand`), refusals are remembered here, the last ANSWERS_KEPT of each seat.
 */
import type { Client } from "@colyseus/core";
import { acceptedPayload } from "@fogwar/protocol";

/** How many refusals a room remembers per seat. */
export const ANSWERS_KEPT = 512;

/** A command's answer, as the room sends it. */
export type Answer =
  | { readonly type: "accepted"; readonly id: string; readonly seq: number }
  | { readonly type: "rejected"; readonly id: string; readonly error: { readonly code: string; readonly message: string; readonly rule: string | null } };

/** The refusals a room remembers, per seat. */
export class AnswerBook {
  private readonly refusals = new Map<string, Map<string, Answer>>();

  /** The refusal already given to `seat`'s command `id`, if any. */
  refused(seat: string, id: string): Answer | undefined {
    return this.refusals.get(seat)?.get(id);
  }

  /** Remembers `answer` when it is a refusal (an accepted answer is rebuilt from the log), forgetting the oldest past ANSWERS_KEPT. */
  remember(seat: string, answer: Answer): void {
    if (answer.type !== "rejected") return;
    let seen = this.refusals.get(seat);
    if (!seen) this.refusals.set(seat, (seen = new Map()));
    seen.set(answer.id, answer);
    if (seen.size > ANSWERS_KEPT) seen.delete(seen.keys().next().value as string);
  }
}

/** Sends a command's answer: `accepted` in its compact wire form, `rejected` as it is. */
export function sendAnswer(client: Client, answer: Answer): void {
  if (answer.type === "accepted") client.send("accepted", acceptedPayload(answer.id, answer.seq));
  else client.send(answer.type, answer);
}
