/**
 * The bench's processes talk over Node's IPC channel: the orchestrator forks every server and
 * load driver (`Child.start`), each child answers requests by type (`serve`) and says `ready`
 * once it can take them.
 */
import { fork, type ChildProcess } from "node:child_process";

/** A request to a child: its id and type, and any fields the handler reads. */
export interface Request {
  readonly id: number;
  readonly type: string;
  readonly [field: string]: unknown;
}

/** A handler's answer, or an error message. */
type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

/**
 * Child side: answers each request with its handler's value (or its error's message), and sends
 * `{ type: "ready", ...info }` once. A request of an unknown type is an error.
 */
export function serve(handlers: Record<string, (request: Request) => unknown>, info: Record<string, unknown> = {}): void {
  process.on("message", (raw: unknown) => {
    const request = raw as Request;
    const handler = handlers[request.type];
    Promise.resolve()
      .then(() => {
        if (!handler) throw new Error(`no handler for ${request.type}`);
        return handler(request);
      })
      .then(
        (value) => process.send?.({ id: request.id, ok: true, value } satisfies Reply),
        (error: unknown) => process.send?.({ id: request.id, ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies Reply),
      );
  });
  process.send?.({ type: "ready", ...info });
}

/** A forked child process (TypeScript through tsx), its output kept for error reports. */
export class Child {
  /** Every child started and not yet exited. */
  private static readonly live = new Set<Child>();
  /** The last 20,000 characters the child wrote to stdout and stderr. */
  output = "";
  private next = 1;
  private readonly pending = new Map<number, { done: (value: unknown) => void; fail: (error: Error) => void }>();
  readonly exited: Promise<number | null>;

  private constructor(
    private readonly process: ChildProcess,
    readonly label: string,
  ) {
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-20_000);
      if (globalThis.process.env.BENCH_VERBOSE) globalThis.process.stderr.write(`[${label}] ${chunk.toString()}`);
    };
    process.stdout?.on("data", keep);
    process.stderr?.on("data", keep);
    process.on("message", (raw: unknown) => {
      const reply = raw as Reply;
      const waiter = this.pending.get(reply.id);
      if (!waiter) return;
      this.pending.delete(reply.id);
      if (reply.ok) waiter.done(reply.value);
      else waiter.fail(new Error(`${label}: ${reply.error}`));
    });
    Child.live.add(this);
    this.exited = new Promise((done) =>
      process.once("exit", (code, signal) => {
        Child.live.delete(this);
        for (const waiter of this.pending.values()) waiter.fail(new Error(`${label} exited (${signal ?? code}) with a request pending:\n${this.output.slice(-3000)}`));
        this.pending.clear();
        done(signal ? null : code);
      }),
    );
  }

  /**
   * Forks `script` with tsx and `--expose-gc`, `env` added to this process's environment, and
   * waits up to `timeoutMs` for its `ready` message, whose fields it returns.
   * @throws Error with the child's output when it exits or times out first.
   */
  static async start(label: string, script: string, env: Record<string, string> = {}, timeoutMs = 120_000, execArgv: string[] = []): Promise<{ child: Child; info: Record<string, unknown> }> {
    const proc = fork(script, [], {
      execArgv: ["--import", "tsx", "--expose-gc", ...execArgv],
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe", "ipc"],
    });
    const child = new Child(proc, label);
    const info = await new Promise<Record<string, unknown>>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`${label} did not start within ${timeoutMs} ms:\n${child.output.slice(-3000)}`)), timeoutMs);
      proc.on("message", (raw: unknown) => {
        const message = raw as { type?: string };
        if (message.type === "ready") {
          clearTimeout(timer);
          done(message as Record<string, unknown>);
        }
      });
      void child.exited.then((code) => {
        clearTimeout(timer);
        fail(new Error(`${label} exited (${code}) before it was ready:\n${child.output.slice(-3000)}`));
      });
    }).catch((error: unknown) => {
      proc.kill("SIGKILL");
      throw error;
    });
    return { child, info };
  }

  /** The process ids of every child started and not yet exited. */
  static livePids(): number[] {
    return [...Child.live].map((child) => child.pid);
  }

  /** The process id. */
  get pid(): number {
    return this.process.pid as number;
  }

  /**
   * Sends a request and waits up to `timeoutMs` (default 10 minutes) for its answer.
   * @throws Error with the child's message when the handler failed, the child exited or the time ran out.
   */
  call<T>(type: string, fields: Record<string, unknown> = {}, timeoutMs = 600_000): Promise<T> {
    const id = this.next++;
    return new Promise<T>((done, fail) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        fail(new Error(`${this.label}: no answer to ${type} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, {
        done: (value) => {
          clearTimeout(timer);
          done(value as T);
        },
        fail: (error) => {
          clearTimeout(timer);
          fail(error);
        },
      });
      this.process.send({ id, type, ...fields });
    });
  }

  /** Stops every child still running (for an interrupted run), as {@link Child.stop} does. */
  static async stopAll(graceMs = 3_000): Promise<void> {
    await Promise.all([...Child.live].map((child) => child.stop(graceMs)));
  }

  /** SIGTERM, SIGKILL after `graceMs`; resolves when the process has exited. */
  async stop(graceMs = 5_000): Promise<void> {
    if (this.process.exitCode !== null || this.process.signalCode !== null) return;
    this.process.kill("SIGTERM");
    const timer = setTimeout(() => this.process.kill("SIGKILL"), graceMs);
    await this.exited;
    clearTimeout(timer);
  }
}
