import { PendingCommands, newCommandId } from "../src/pending";

const ids = () => {
  let n = 0;
  return () => `id${++n}`;
};

describe("PendingCommands", () => {
  test("answers by id; unknown ids are ignored", async () => {
    const p = new PendingCommands(ids());
    const a = p.add({ type: "end_commands" });
    p.markSent(a.id);
    expect(p.answer("nope", { ok: true, seq: 1 })).toBe(false);
    expect(p.answer(a.id, { ok: true, seq: 5 })).toBe(true);
    await expect(a.result).resolves.toEqual({ ok: true, seq: 5 });
    expect(p.size).toBe(0);
  });

  test("after a reconnection or a rejoin everything unanswered is resent with the same id, in order", () => {
    const p = new PendingCommands(ids());
    const a = p.add({ n: 1 });
    const b = p.add({ n: 2 });
    p.markSent(a.id);
    p.connectionLost();
    expect(p.toResend()).toEqual([
      [a.id, { n: 1 }],
      [b.id, { n: 2 }],
    ]);
    p.answer(a.id, { ok: true, seq: 3 });
    expect(p.toResend()).toEqual([[b.id, { n: 2 }]]);
    // Once sent on the new connection, it is not sent twice there.
    p.markSent(b.id);
    expect(p.toResend()).toEqual([]);
  });

  test("a protocol error answers the oldest command sent on this connection", async () => {
    const p = new PendingCommands(ids());
    const a = p.add({ n: 1 });
    const b = p.add({ n: 2 });
    p.markSent(b.id);
    expect(p.answerOldestSent({ code: "rate_limited", message: "slow down" })).toBe(true);
    await expect(b.result).resolves.toEqual({ ok: false, error: { code: "rate_limited", message: "slow down", rule: null } });
    p.failAll({ code: "not_connected", message: "closed" });
    await expect(a.result).resolves.toMatchObject({ ok: false, error: { code: "not_connected" } });
  });

  test("fresh ids are unique", () => {
    const seen = new Set(Array.from({ length: 100 }, () => newCommandId()));
    expect(seen.size).toBe(100);
    for (const id of seen) expect(id.length).toBeLessThanOrEqual(64);
  });
});
