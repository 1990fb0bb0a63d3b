/**
 * Commands sent and not yet answered. Each command gets a fresh id (its idempotency key on the
 * server); after a reconnection (the SDK's, same session) or a rejoin (a new session, e.g. after a
 * server restart) every unanswered command is sent again with the same id. The server applies an
 * id at most once: an accepted id is stored with its log entry (so it is recognised across
 * restarts too, answered with its original seq), and a rejected command changed nothing, so
 * judging it again is harmless (docs/protocol.md, "Idempotent commands").
 */

/** The answer `send` resolves with. */
export type CommandResult =
  | { ok: true; seq: number }
  | { ok: false; error: { code: string; message: string; rule?: string | null } };

interface Pending {
  readonly id: string;
  readonly command: unknown;
  readonly resolve: (result: CommandResult) => void;
  /** Whether it went out on the current connection. */
  sent: boolean;
}

let counter = 0;

/** A fresh command id: a UUID where the browser has one, else a time-and-counter id. */
export function newCommandId(): string {
  const uuid = globalThis.crypto?.randomUUID?.();
  if (uuid) return uuid;
  counter += 1;
  return `c-${Date.now().toString(36)}-${counter.toString(36)}-${Math.floor(Math.random() * 1e9).toString(36)}`;
}

/** The unanswered commands of one connection, in the order they were sent. */
export class PendingCommands {
  private readonly items = new Map<string, Pending>();

  constructor(private readonly makeId: () => string = newCommandId) {}

  /** Adds a command under `id` (default: a fresh one); returns its id and the promise of its answer. */
  add(command: unknown, id: string = this.makeId()): { id: string; result: Promise<CommandResult> } {
    let resolve!: (result: CommandResult) => void;
    const result = new Promise<CommandResult>((r) => (resolve = r));
    this.items.set(id, { id, command, resolve, sent: false });
    return { id, result };
  }

  get size(): number {
    return this.items.size;
  }

  /** Marks a command as sent on the current connection. */
  markSent(id: string): void {
    const item = this.items.get(id);
    if (item) item.sent = true;
  }

  /** Answers a command by id (accepted or rejected); false when the id is not pending. */
  answer(id: string, result: CommandResult): boolean {
    const item = this.items.get(id);
    if (!item) return false;
    this.items.delete(id);
    item.resolve(result);
    return true;
  }

  /**
   * A protocol `error` message names no command: it answers the oldest command sent on this
   * connection, if any. Returns whether one was answered.
   */
  answerOldestSent(error: { code: string; message: string }): boolean {
    for (const item of this.items.values()) {
      if (item.sent) return this.answer(item.id, { ok: false, error: { ...error, rule: null } });
    }
    return false;
  }

  /** The connection dropped: nothing is on the wire any more. */
  connectionLost(): void {
    for (const item of this.items.values()) item.sent = false;
  }

  /**
   * What to send on the current connection, as `[id, command]` in the order first asked for:
   * every unanswered command not yet sent on it (after `connectionLost`, all of them).
   */
  toResend(): [string, unknown][] {
    return [...this.items.values()].filter((item) => !item.sent).map((item) => [item.id, item.command]);
  }

  /** Answers every pending command with an error (the connection is closed for good). */
  failAll(error: { code: string; message: string }): void {
    for (const item of [...this.items.values()]) this.answer(item.id, { ok: false, error: { ...error, rule: null } });
  }
}
