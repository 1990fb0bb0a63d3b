/**
 * The push store (src/store/push-contract.ts) on the embedded database and, when
 * TEST_DATABASE_URL is set, on PostgreSQL: subscriptions saved, re-saved (the same endpoint moves
 * to the account that subscribed it last), trimmed to the newest `max`, removed by their own
 * account only, forgotten, and marked sent.
 */
import { randomBytes } from "node:crypto";
import { openStore, type MatchStore, type NewPushSubscription } from "../src/store/index.js";
import { freshPostgresUrl } from "./harness";

jest.setTimeout(60_000);

const id = () => randomBytes(8).toString("hex");

const targets: { name: string; url: () => Promise<string | null | undefined> }[] = [
  { name: "PGlite in memory", url: async () => undefined },
  { name: "PostgreSQL", url: () => freshPostgresUrl("push_store") },
];

describe.each(targets)("push store on $name", ({ url }) => {
  let store: MatchStore | null = null;
  beforeAll(async () => {
    const databaseUrl = await url();
    if (databaseUrl !== null) store = await openStore(databaseUrl ? { databaseUrl } : {});
  });
  afterAll(async () => {
    await store?.close();
  });

  const account = async (): Promise<string> => {
    const accountId = id();
    await store!.accounts.createAccount({ id: accountId, kind: "guest", name: `guest-${accountId}`, seatSecret: id() });
    return accountId;
  };
  const subscription = (accountId: string, createdAt: number, overrides: Partial<NewPushSubscription> = {}): NewPushSubscription => ({
    id: randomBytes(32).toString("base64url").slice(0, 43),
    accountId,
    endpoint: `https://fcm.googleapis.com/fcm/send/${id()}`,
    p256dh: "p",
    auth: "a",
    device: "Chrome on Linux",
    createdAt,
    ...overrides,
  });

  test("saved, listed newest first, trimmed to the newest max", async () => {
    if (!store) return;
    const me = await account();
    const subs = [1000, 3000, 2000].map((t) => subscription(me, t));
    for (const s of subs) expect(await store.push.savePushSubscription(s, 3)).toEqual([]);
    expect((await store.push.pushSubscriptionsOf(me)).map((s) => s.createdAt)).toEqual([3000, 2000, 1000]);
    expect(await store.push.pushSubscriptionsOf(me)).toContainEqual({ ...subs[0], lastSentAt: null });
    const fourth = subscription(me, 4000);
    expect(await store.push.savePushSubscription(fourth, 3)).toEqual([subs[0]!.id]);
    expect((await store.push.pushSubscriptionsOf(me)).map((s) => s.id)).toEqual([fourth.id, subs[1]!.id, subs[2]!.id]);
  });

  test("the same endpoint saved again replaces its keys, label and time; saved by another account it moves there", async () => {
    if (!store) return;
    const [me, other] = [await account(), await account()];
    const first = subscription(me, 1000);
    await store.push.savePushSubscription(first, 20);
    await store.push.savePushSubscription({ ...first, p256dh: "p2", auth: "a2", device: "phone", createdAt: 5000 }, 20);
    expect(await store.push.pushSubscriptionsOf(me)).toEqual([{ ...first, p256dh: "p2", auth: "a2", device: "phone", createdAt: 5000, lastSentAt: null }]);
    await store.push.savePushSubscription({ ...first, accountId: other, createdAt: 6000 }, 20);
    expect(await store.push.pushSubscriptionsOf(me)).toEqual([]);
    expect((await store.push.pushSubscriptionsOf(other)).map((s) => s.id)).toEqual([first.id]);
  });

  test("removed by its own account only; forgotten whatever the account; marked sent", async () => {
    if (!store) return;
    const [me, other] = [await account(), await account()];
    const [a, b] = [subscription(me, 1000), subscription(me, 2000)];
    await store.push.savePushSubscription(a, 20);
    await store.push.savePushSubscription(b, 20);
    expect(await store.push.deletePushSubscription(other, a.id)).toBe(false);
    expect(await store.push.deletePushSubscription(me, a.id)).toBe(true);
    expect(await store.push.deletePushSubscription(me, a.id)).toBe(false);
    await store.push.markPushSent([b.id], 7000);
    expect((await store.push.pushSubscriptionsOf(me))[0]!.lastSentAt).toBe(7000);
    await store.push.markPushSent([], 8000);
    await store.push.forgetPushSubscription(b.id);
    expect(await store.push.pushSubscriptionsOf(me)).toEqual([]);
  });
});
