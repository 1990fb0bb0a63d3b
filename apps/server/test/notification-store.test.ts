/**
 * The notification store's keys and settings (apps/server/src/store/notification-contract.ts) on
 * the embedded database and, when TEST_DATABASE_URL is set, on PostgreSQL: a server key is made
 * once and every later caller (another process included) gets the first value; settings round-trip.
 */
import { randomBytes } from "node:crypto";
import { openStore, type MatchStore } from "../src/store/index.js";
import { freshPostgresUrl } from "./harness";

jest.setTimeout(60_000);

const id = () => randomBytes(8).toString("hex");

const targets: { name: string; url: () => Promise<string | null | undefined> }[] = [
  { name: "PGlite in memory", url: async () => undefined },
  { name: "PostgreSQL", url: () => freshPostgresUrl("notification_store") },
];

describe.each(targets)("notification store on $name", ({ url }) => {
  const stores: MatchStore[] = [];
  let databaseUrl: string | null | undefined;
  beforeAll(async () => {
    databaseUrl = await url();
  });
  afterAll(async () => {
    for (const s of stores) await s.close();
  });
  const open = async (): Promise<MatchStore | null> => {
    if (databaseUrl === null) return null;
    const store = await openStore(databaseUrl ? { databaseUrl } : {});
    stores.push(store);
    return store;
  };

  test("a server key is made once: the first value stays, for this store and another opened on the same database", async () => {
    const store = await open();
    if (!store) return;
    const first = await store.notifications.serverKey("vapid", { publicKey: "a", privateKey: "b" });
    expect(first).toEqual({ publicKey: "a", privateKey: "b" });
    expect(await store.notifications.serverKey("vapid", { publicKey: "c", privateKey: "d" })).toEqual(first);
    if (databaseUrl) {
      const other = await open();
      expect(await other!.notifications.serverKey("vapid", { publicKey: "e", privateKey: "f" })).toEqual(first);
    }
  });

  test("settings: null until saved, then the last saved", async () => {
    const store = await open();
    if (!store) return;
    const accountId = id();
    await store.accounts.createAccount({ id: accountId, kind: "guest", name: `guest-${accountId}`, seatSecret: id() });
    expect(await store.notifications.settingsOf(accountId)).toBeNull();
    await store.notifications.saveSettings(accountId, { digest: true });
    await store.notifications.saveSettings(accountId, { digest: false });
    expect(await store.notifications.settingsOf(accountId)).toEqual({ digest: false });
  });
});
