/**
 * A live match holds only the end of its log: the last few entries, those its caster feed still
 * needs, and the command ids. Older entries come from the store, equal to what was played.
 */
import { LiveMatch, RECENT_ENTRIES } from "../src/live.js";
import { openStore, type MatchStore } from "../src/store/index.js";
import { storedEmberMatch } from "./stored-ember";

jest.setTimeout(60_000);

const SEED = "live-log-seed";

let inner: MatchStore;
let reads = 0;
/** The store, counting log reads. */
let store: MatchStore;
beforeAll(async () => {
  inner = await openStore({});
  store = {
    ...inner,
    entries: (id, after) => {
      reads++;
      return inner.entries(id, after);
    },
  };
});
afterAll(async () => {
  await inner?.close();
});

/** Stores a new EMBER match; returns the commands of a whole bot game on it. */
const storedMatch = (id: string, spectatorDelay: number) => storedEmberMatch(store, id, SEED, "live-log-bot", spectatorDelay);

test("older entries are read from the store, equal to what was played; recent ones come from memory", async () => {
  const commands = await storedMatch("on-demand", 0);
  expect(commands.length).toBeGreaterThan(RECENT_ENTRIES + 10);
  const match = await LiveMatch.open(store, "on-demand");
  const played = [];
  for (const entry of commands.slice(0, 30)) {
    const outcome = await match.submit(entry.seat, entry.command, `id-${entry.seq}`);
    if (!outcome.ok) throw new Error(outcome.error.code);
    played.push(outcome.entry);
  }
  expect(match.seq).toBe(30);
  // Only the end of the log is in memory.
  expect(() => match.entriesAfter(0)).toThrow(RangeError);
  expect(match.entriesAfter(30 - RECENT_ENTRIES).map((e) => e.seq)).toEqual(played.slice(-RECENT_ENTRIES).map((e) => e.seq));
  // The recent end is served from memory...
  reads = 0;
  expect(await match.entriesSince(30 - RECENT_ENTRIES)).toEqual(played.slice(-RECENT_ENTRIES));
  expect(reads).toBe(0);
  // ... the rest from the store, as played (events included).
  expect(JSON.parse(JSON.stringify(await match.entriesSince(0)))).toEqual(JSON.parse(JSON.stringify(played)));
  expect((await match.entriesSince(5)).map((e) => e.seq)).toEqual(played.slice(5).map((e) => e.seq));
  expect(reads).toBe(2);
  // A command id accepted long ago still answers with its entry, applying nothing.
  const again = await match.submit(commands[0]!.seat, commands[0]!.command, "id-1");
  expect(again).toMatchObject({ ok: true, duplicate: true, entry: { seq: 1, seat: commands[0]!.seat } });
  expect(match.seq).toBe(30);

  // A match loaded from the store holds only the end of its log too.
  const loaded = await LiveMatch.load(store, "on-demand");
  expect(loaded!.seq).toBe(30);
  expect(() => loaded!.entriesAfter(0)).toThrow(RangeError);
  expect(loaded!.entriesAfter(29).map((e) => e.seq)).toEqual([30]);
  expect(loaded!.seqOfCommand(commands[3]!.seat, "id-4")).toBe(4);
});

test("with a caster delay, the entries the caster feed moves past are held until sent", async () => {
  const commands = await storedMatch("caster", 1);
  const match = await LiveMatch.open(store, "caster");
  // As the room does after each command: send the caster entries between its last seq and the feed's.
  let lastCasterSeq = match.delayed.seq;
  const sent: number[] = [];
  for (const entry of commands) {
    const outcome = await match.submit(entry.seat, entry.command, `id-${entry.seq}`);
    if (!outcome.ok) throw new Error(outcome.error.code);
    const delayed = match.delayed;
    if (delayed.seq > lastCasterSeq) sent.push(...match.entriesAfter(lastCasterSeq).slice(0, delayed.seq - lastCasterSeq).map((e) => e.seq));
    lastCasterSeq = delayed.seq;
    if (match.result) break;
  }
  // Every entry reached the caster feed once, in order (the feed catches up at the end).
  expect(sent).toEqual(Array.from({ length: match.seq }, (_, i) => i + 1));
});
