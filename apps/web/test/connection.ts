/**
 * A fake open match connection for the web tests that render a ruleset's table: it holds `view`
 * (a seat's projection), and its `send`, `claim` and `concede` are Jest mocks that accept
 * (`{ ok: true, seq: 2 }`) unless a test sets them otherwise. `changes` overrides any field
 * (the welcome's rules version, the clocks, a `send` that refuses...).
 */
import type { MatchConnection } from "../src/net/useMatch";

export function openConnection(view: unknown, changes: Partial<MatchConnection> = {}): MatchConnection {
  return {
    status: "open",
    error: null,
    welcome: { rulesVersion: undefined, spectatorDelay: 0 },
    seq: 1,
    view,
    caster: null,
    connected: {},
    spectators: 0,
    events: [],
    clock: null,
    chat: { audiences: [], lines: [], refusal: null },
    send: jest.fn(async () => ({ ok: true, seq: 2 })),
    claim: jest.fn(async () => ({ ok: true, seq: 2 })),
    concede: jest.fn(async () => ({ ok: true, seq: 2 })),
    ...changes,
  } as unknown as MatchConnection;
}
