/**
 * What the notification tests share: a cookie-jar browser, members with e-mail addresses, a
 * dial-duel match between two of them (each seat its account's), and SMTP addresses that do not
 * work (a closed port; a server that accepts and never answers).
 */
import { createServer, type Server, type Socket } from "node:net";
import { Browser } from "./browser";
import { freePort } from "./harness";

export { Browser };

/** A member signed in on a fresh browser: its name, e-mail and account id. */
export interface Member {
  readonly browser: Browser;
  readonly name: string;
  readonly email: string;
  readonly id: string;
}

/** Registers a member named `prefix` + random letters, with an address at example.org. */
export async function register(base: string, prefix: string): Promise<Member> {
  const browser = new Browser(base);
  const name = `${prefix}${Math.random().toString(36).slice(2, 8)}`;
  const email = `${name}@example.org`;
  const made = await browser.call("POST", "/api/auth/register", { name, email, password: "correct horse battery staple 42" });
  if (made.status !== 200) throw new Error(`register ${name}: ${made.status} ${JSON.stringify(made.body)}`);
  return { browser, name, email, id: made.body.account.id as string };
}

/** A dial-duel match (the fixture ruleset) with `first` in p1 and `second` in p2, and each seat's token. */
export async function duel(first: Member, second: Member): Promise<{ matchId: string; tokens: Record<string, string> }> {
  const created = await first.browser.call("POST", "/api/matches", { ruleset: "dial-duel", scenario: "duel", players: [{ name: first.name }, { name: second.name }], claim: { seat: "p1", claimKey: "k".repeat(22) } });
  if (created.status !== 201) throw new Error(`create: ${JSON.stringify(created.body)}`);
  const matchId = created.body.matchId as string;
  const invite = created.body.seats.find((s: { seat: string }) => s.seat === "p2").invite as string;
  const claimed = await second.browser.call("POST", `/api/matches/${matchId}/seats/p2/claim`, { invite, claimKey: "q".repeat(22) });
  if (claimed.status !== 200) throw new Error(`claim: ${JSON.stringify(claimed.body)}`);
  const tokens: Record<string, string> = {};
  for (const m of [first, second]) {
    const seats = await m.browser.call("GET", `/api/me/seats/${matchId}`);
    for (const s of seats.body.seats as { seat: string; token: string }[]) tokens[s.seat] = s.token;
  }
  return { matchId, tokens };
}

/** An SMTP address nobody listens on. */
export async function closedSmtpUrl(): Promise<string> {
  return `smtp://127.0.0.1:${await freePort()}`;
}

/** A TCP server that accepts SMTP connections and never answers (a send hangs until its timeout). */
export async function silentSmtp(): Promise<{ url: string; connections: () => number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let count = 0;
  const server: Server = createServer((socket) => {
    count++;
    sockets.add(socket);
    socket.on("error", () => undefined);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export { eventually } from "./eventually";
