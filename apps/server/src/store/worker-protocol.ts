/**
 * The messages between the embedded store (./embedded.ts, the server's thread) and its worker
 * thread (./pglite-worker.ts), and how errors cross between them: the store's own errors come
 * back as the same classes with the same fields, so callers cannot tell the worker is there.
 */
import type { BackupResult } from "./backup.js";
import type { PartMethod } from "./parts.js";
import { SequenceConflictError, UnknownMatchError, type MatchStore } from "./contract.js";
import { StoreDatabaseError } from "./errors.js";
import { StoreOpenError, type RestoreInfo } from "./folder.js";

/** What the worker is started with (`workerData`). */
export interface WorkerSettings {
  /** The data folder (absolute, already claimed by the server's thread); undefined: in memory. */
  readonly dataDir: string | undefined;
  readonly migrationsFolder: string;
  readonly backupIntervalMs: number | undefined;
}

/** A store method the worker runs: every `MatchStore` method but `close`, and the parts' `<part>.<method>` (./parts.ts). */
export type StoreMethod = Exclude<keyof MatchStore, "close" | "accounts" | "lobby" | "ratings" | "social"> | PartMethod;

/** One store call: its id (unique per store), the method and its arguments. */
export interface Call {
  readonly id: number;
  readonly method: StoreMethod;
  readonly args: readonly unknown[];
}

/** The answer to a call: its value, or its error. */
export type Reply = { readonly id: number; readonly value: unknown } | { readonly id: number; readonly error: WireError };

/** Server thread -> worker. */
export type ToWorker = { readonly type: "calls"; readonly calls: readonly Call[] } | { readonly type: "close" };

/** Worker -> server thread. */
export type FromWorker =
  | { readonly type: "opened" }
  | { readonly type: "open-failed"; readonly error: WireError }
  | { readonly type: "restored"; readonly info: RestoreInfo }
  | { readonly type: "backup-error"; readonly error: WireError }
  | { readonly type: "backup-done"; readonly result: BackupResult }
  | { readonly type: "replies"; readonly replies: readonly Reply[] }
  | { readonly type: "closed" };

/** An error as it crosses threads: its class name, message and the fields the store's errors carry. */
export interface WireError {
  readonly name: string;
  readonly message: string;
  readonly code?: string;
  readonly constraint?: string;
  readonly matchId?: string;
  readonly seq?: number;
  readonly lastSeq?: number;
}

/** `error` as a `WireError` (query parameters are never in it: the store has cleaned it). */
export function toWire(error: unknown): WireError {
  if (typeof error !== "object" || error === null) return { name: "Error", message: String(error) };
  const e = error as Partial<Record<keyof WireError, unknown>>;
  const text = (v: unknown) => (typeof v === "string" ? v : undefined);
  const num = (v: unknown) => (typeof v === "number" ? v : undefined);
  return {
    name: text(e.name) ?? "Error",
    message: text(e.message) ?? String(error),
    code: text(e.code),
    constraint: text(e.constraint),
    matchId: text(e.matchId),
    seq: num(e.seq),
    lastSeq: num(e.lastSeq),
  };
}

/** The error a `WireError` stands for: the store's error classes are rebuilt with their fields. */
export function fromWire(wire: WireError): Error {
  switch (wire.name) {
    case "SequenceConflictError":
      return new SequenceConflictError(wire.matchId ?? "", wire.seq ?? Number.NaN, wire.lastSeq ?? 0);
    case "UnknownMatchError":
      return Object.assign(new UnknownMatchError(wire.matchId ?? ""), { message: wire.message });
    case "StoreDatabaseError":
      return new StoreDatabaseError(wire.message, wire.code, wire.constraint);
    case "StoreOpenError":
      return new StoreOpenError(wire.message);
    case "TypeError":
      return new TypeError(wire.message);
    default: {
      const error = new Error(wire.message);
      error.name = wire.name;
      if (wire.code !== undefined) Object.assign(error, { code: wire.code });
      return error;
    }
  }
}
