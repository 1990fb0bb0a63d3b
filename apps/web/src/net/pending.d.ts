/**
 * Commands sent and not yet answered. Each command gets a fresh id (its idempotency key on the
 * server); after a reconnection (the SDK's, same session) or a rejoin (a new session, e.g. after a
 * server restart) every unanswered command is sent again with the same id. The server applies an
 * id at most once: an accepted id is stored with its log entry (so it is recognised across
 * restarts too, answered with its original seq), and a rejected command changed nothing, so
 * judging it again is harmless (docs/protocol.md, "Idempotent commands").
 */
/** The answer `send` resolves with. */
export type CommandResult = {
    ok: true;
    seq: number;
} | {
    ok: false;
    error: {
        code: string;
        message: string;
        rule?: string | null;
    };
};
/** A fresh command id: a UUID where the browser has one, else a time-and-counter id. */
export declare function newCommandId(): string;
/** The unanswered commands of one connection, in the order they were sent. */
export declare class PendingCommands {
    private readonly makeId;
    private readonly items;
    constructor(makeId?: () => string);
    /** Adds a command; returns its id and the promise of its answer. */
    add(command: unknown): {
        id: string;
        result: Promise<CommandResult>;
    };
    get size(): number;
    /** Marks a command as sent on the current connection. */
    markSent(id: string): void;
    /** Answers a command by id (accepted or rejected); false when the id is not pending. */
    answer(id: string, result: CommandResult): boolean;
    /**
     * A protocol `error` message names no command: it answers the oldest command sent on this
     * connection, if any. Returns whether one was answered.
     */
    answerOldestSent(error: {
        code: string;
        message: string;
    }): boolean;
    /** The connection dropped: nothing is on the wire any more. */
    connectionLost(): void;
    /**
     * What to send on the current connection, as `[id, command]` in the order first asked for:
     * every unanswered command not yet sent on it (after `connectionLost`, all of them).
     */
    toResend(): [string, unknown][];
    /** Answers every pending command with an error (the connection is closed for good). */
    failAll(error: {
        code: string;
        message: string;
    }): void;
}
