/**
 * The lobby's open tables: the list kept from the `lobby` room's messages (full list, added or
 * changed, removed; other rooms and malformed listings ignored), why a table cannot be taken
 * (own, out of range, signed out), the range fields, and the list in the page: a table appearing
 * and disappearing live with its take button disabled and the reason shown.
 */
import { act, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import type { Room } from "@colyseus/sdk";
import { setupI18n } from "../i18n";
import { clockText, inRange, parseRange, reduceTables, scenarioLabel, scenariosOf, takeBlock, type OpenTable } from "./open-tables";
import { OpenTablesList } from "./OpenTablesList";
import { createPlayApi, type TableListing } from "./play-api";
import { useLobbyRoom, type LobbyClient } from "./use-lobby-room";

setupI18n("en");

const meta = (over: Partial<TableListing> = {}): TableListing => ({
  tableId: "t1", ownerName: "Ada", ownerRating: 1600, ruleset: "ember", scenario: "meeting", options: { rated: true, clock: { minutes: 10, incrementSeconds: 5 } }, minRating: 1400, maxRating: 1800, createdAt: 1000, ...over,
});
const room = (roomId: string, over: Partial<TableListing> = {}, name = "table") => ({ roomId, name, clients: 1, maxClients: 1, metadata: meta({ tableId: roomId, ...over }) });

describe("the open tables list", () => {
  test("rooms, + and - build the list, newest first, ignoring other rooms and bad listings", () => {
    let list: OpenTable[] = reduceTables([], { type: "rooms", rooms: [room("a", { createdAt: 1 }), room("b", { createdAt: 2 }), room("x", {}, "match"), { roomId: "bad", name: "table", metadata: { ownerName: 3 } }] });
    expect(list.map((t) => t.roomId)).toEqual(["b", "a"]);
    list = reduceTables(list, { type: "+", entry: ["c", room("c", { createdAt: 3 })] });
    expect(list.map((t) => t.roomId)).toEqual(["c", "b", "a"]);
    // A change replaces the table in place (no duplicate).
    list = reduceTables(list, { type: "+", entry: ["a", room("a", { createdAt: 1, ownerRating: 1700 })] });
    expect(list.map((t) => t.roomId)).toEqual(["c", "b", "a"]);
    expect(list[2]?.table.ownerRating).toBe(1700);
    list = reduceTables(list, { type: "-", roomId: "b" });
    expect(list.map((t) => t.roomId)).toEqual(["c", "a"]);
    // A full list replaces everything.
    expect(reduceTables(list, { type: "rooms", rooms: [] })).toEqual([]);
    expect(reduceTables(list, { type: "+", entry: "nonsense" }).map((t) => t.roomId)).toEqual(["c", "a"]);
  });

  test("who may take a table", () => {
    const table = meta();
    expect(takeBlock(table, null)).toBe("signedOut");
    expect(takeBlock(table, { name: "Ada", ratings: {} })).toBe("own");
    expect(takeBlock(table, { name: "Bo", ratings: {} })).toBeNull(); // 1500 by default, inside 1400..1800
    expect(takeBlock(table, { name: "Bo", ratings: { ember: 1300 } })).toBe("belowRange");
    expect(takeBlock(table, { name: "Bo", ratings: { ember: 1900 } })).toBe("aboveRange");
    expect(takeBlock(table, { name: "Bo", ratings: { siege: 1900 } })).toBeNull();
    expect(takeBlock(meta({ minRating: null, maxRating: null }), { name: "Bo", ratings: { ember: 3000 } })).toBeNull();
    expect(inRange(1400, 1400, 1800)).toBeNull();
    expect(inRange(1801, null, 1800)).toBe("aboveRange");
  });

  test("range fields, clocks and scenarios", () => {
    expect(parseRange("", "")).toEqual({});
    expect(parseRange(" 1200 ", "1600")).toEqual({ minRating: 1200, maxRating: 1600 });
    expect(parseRange("1700", "1600")).toEqual({ error: "minAboveMax" });
    expect(parseRange("12.5", "")).toEqual({ error: "badRating" });
    expect(parseRange("", "5000")).toEqual({ error: "badRating" });
    expect(clockText({ minutes: 10, incrementSeconds: 5 })).toBe("10+5");
    expect(clockText(null)).toBeNull();
    expect(scenariosOf({ missions: [{ id: "m", name: { en: "M", ko: "엠" } }] })).toEqual([{ id: "m", name: { en: "M", ko: "엠" } }]);
    expect(scenariosOf({ battleplans: [{ id: "b" }] })).toEqual([{ id: "b", name: "B" }]);
    expect(scenariosOf({})).toEqual([]);
    const listings = [{ id: "siege", missions: [{ id: "m", name: { en: "Seize", ko: "장악" } }] }];
    expect(scenarioLabel(listings, "siege", "m", "ko")).toBe("장악");
    expect(scenarioLabel(listings, "siege", "m", "en")).toBe("Seize");
    expect(scenarioLabel(listings, "siege", "other", "en")).toBe("Other");
    expect(scenarioLabel(listings, "sigmar", "sundered_causeway", "en")).toBe("Sundered causeway");
    expect(scenarioLabel(listings, "ember", "m", "en")).toBe("M");
  });
});

/** A fake lobby room: `emit(type, payload)` delivers a message. */
function fakeLobby() {
  const handlers = new Map<string, (payload: unknown) => void>();
  const fake = {
    onMessage: (type: string, cb: (payload: unknown) => void) => handlers.set(type, cb),
    onLeave: () => undefined,
    removeAllListeners: () => undefined,
    leave: () => Promise.resolve(),
  };
  const client: LobbyClient = { joinOrCreate: () => Promise.resolve(fake as unknown as Room), joinById: () => Promise.reject(new Error("none")) };
  return { client, emit: (type: string, payload: unknown) => act(() => handlers.get(type)?.(payload)) };
}

function Live({ client, viewer }: { client: LobbyClient; viewer: { name: string; ratings: Record<string, number> } | null }) {
  const { tables, connected } = useLobbyRoom(client);
  return <OpenTablesList tables={tables} connected={connected} viewer={viewer} listings={[{ id: "ember", rulesVersion: "1", scenarios: [{ id: "meeting", name: { en: "Meeting engagement", ko: "조우전" } }] }]} play={createPlayApi(() => Promise.reject(new Error("offline")))} />;
}

test("tables appear and disappear live; the take button says why it is disabled", async () => {
  const { client, emit } = fakeLobby();
  render(
    <MemoryRouter>
      <Live client={client} viewer={{ name: "Bo", ratings: { ember: 1300 } }} />
    </MemoryRouter>,
  );
  await act(() => Promise.resolve());
  emit("rooms", []);
  expect(screen.getByText(/No open tables/)).toBeTruthy();
  emit("+", ["t1", room("t1")]);
  expect(screen.getByText("Ada")).toBeTruthy();
  expect(screen.getByText(/Meeting engagement/)).toBeTruthy();
  for (const term of ["Rated", "clock 10+5", "ratings 1400–1800"]) expect(screen.getByText(term)).toBeTruthy();
  const take = screen.getByRole("button", { name: "Take a seat" });
  expect((take as HTMLButtonElement).disabled).toBe(true);
  expect(screen.getByText("Your rating (1300) is below this table's range")).toBeTruthy();
  emit("+", ["t2", room("t2", { ownerName: "Cy", createdAt: 2000, minRating: null, maxRating: null, options: { rated: false } })]);
  const buttons = screen.getAllByRole("button", { name: "Take a seat" }) as HTMLButtonElement[];
  expect(buttons.map((b) => b.disabled)).toEqual([false, true]);
  emit("-", "t1");
  expect(screen.queryByText("Ada")).toBeNull();
  expect(screen.getByText("Cy")).toBeTruthy();
});
