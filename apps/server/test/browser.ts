/**
 * A browser as the server's HTTP tests see one: a cookie jar that keeps the session cookie
 * (`fogwar_session`, dropped when the server expires it) and sends it with every request, JSON in
 * and out. Shared by the server's and the command line's tests (`@fogwar/server/testing`).
 */
import { Client } from "@colyseus/sdk";

/** One answer: its HTTP status and its body (parsed JSON; the text itself when it is not JSON; null when empty). */
export interface BrowserAnswer {
  readonly status: number;
  readonly body: any;
}

/** A browser's cookie jar reaching one site at `base` (e.g. `http://127.0.0.1:2567`). */
export class Browser {
  /**
   * @param base the site's address, no trailing slash.
   * @param userAgent the User-Agent header sent (none when absent).
   * @param jar the cookies, shared by every copy `at` makes.
   */
  constructor(
    readonly base: string,
    readonly userAgent?: string,
    private readonly jar: { cookie: string } = { cookie: "" },
  ) {}

  /** The session cookie sent (`fogwar_session=…`), empty when signed out. */
  get cookie(): string {
    return this.jar.cookie;
  }

  set cookie(value: string) {
    this.jar.cookie = value;
  }

  /** The same browser (the same cookies, kept in common) reaching the site at another address: another process of it, say. */
  at(base: string): Browser {
    return new Browser(base, this.userAgent, this.jar);
  }

  /** Sends `method path` with `body` as JSON (none when undefined) and extra `headers`; keeps the session cookie the answer sets. */
  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<BrowserAnswer> {
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        ...(this.userAgent ? { "user-agent": this.userAgent } : {}),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...(this.jar.cookie ? { cookie: this.jar.cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      if (pair!.startsWith("fogwar_session=")) this.jar.cookie = /Max-Age=0/i.test(line) ? "" : pair!;
    }
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text; // an HTML page
    }
    return { status: response.status, body: parsed };
  }

  /** A Colyseus client sending this browser's cookie (HTTP and WebSocket). */
  colyseus(): Client {
    return new Client(this.base.replace(/^http/, "ws"), { headers: this.jar.cookie ? { cookie: this.jar.cookie } : {} });
  }
}
