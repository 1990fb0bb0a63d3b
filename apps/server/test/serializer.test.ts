/**
 * The room's full-state serializer: a late joiner's full state is whole however large the shared
 * part grows past the encoder's buffer (the bug in @colyseus/core 0.18's `SchemaSerializer` that
 * `FullStateSerializer` fixes).
 */
import { SchemaSerializer, type Client } from "@colyseus/core";
import { Decoder, Encoder, StateView } from "@colyseus/schema";
import { FullStateSerializer } from "../src/sync/serializer.js";
import { MatchRoomState, SeatKnowledge } from "../src/sync/state.js";

/** A room state whose public part is about `entries` × 60 bytes, with an overlay for seat p1. */
function bigState(entries: number): MatchRoomState {
  const state = new MatchRoomState();
  state.matchId = "m-serializer";
  state.ruleset = "ember";
  state.rulesVersion = "1";
  for (let i = 0; i < entries; i++) state.view.set(`units.u${i}.square`, JSON.stringify({ x: i % 97, y: i, note: "public square" }));
  const p1 = new SeatKnowledge();
  p1.seat = "p1";
  p1.entries.set("dials.m1", "7");
  state.seats.set("p1", p1);
  return state;
}

/** Decodes a ROOM_STATE frame (protocol byte first) as a client would. */
function decodeFrame(bytes: Uint8Array): MatchRoomState {
  const decoder = new Decoder(new MatchRoomState());
  decoder.decode(bytes, { offset: 1 });
  return decoder.state;
}

describe("full state for a late joiner with a StateView", () => {
  const defaultSize = Encoder.BUFFER_SIZE;
  // A 1 KB buffer makes a few hundred entries overflow it, as a finished Siege match overflows 16 KB.
  // The encoder warns on every growth, and the stock decode below warns on the corrupt bytes.
  const warn = console.warn;
  beforeEach(() => {
    Encoder.BUFFER_SIZE = 1024;
    console.warn = () => undefined;
  });
  afterEach(() => {
    Encoder.BUFFER_SIZE = defaultSize;
    console.warn = warn;
  });

  function fullStateFor(serializer: SchemaSerializer<MatchRoomState>, state: MatchRoomState): MatchRoomState {
    serializer.reset(state);
    const view = new StateView();
    view.add(state.seats.get("p1") as SeatKnowledge);
    return decodeFrame(serializer.getFullState({ view } as unknown as Client));
  }

  test("a shared part several times the buffer reaches the client whole, with its own seat's overlay", () => {
    const state = bigState(300);
    const decoded = fullStateFor(new FullStateSerializer<MatchRoomState>(), state);
    expect(decoded.view.size).toBe(300);
    expect(decoded.view.get("units.u299.square")).toBe(state.view.get("units.u299.square"));
    expect(decoded.matchId).toBe("m-serializer");
    expect(decoded.seats.get("p1")?.entries.get("dials.m1")).toBe("7");
  });

  test("a second joiner after the state grew again gets the grown state", () => {
    const state = bigState(100);
    const serializer = new FullStateSerializer<MatchRoomState>();
    expect(fullStateFor(serializer, state).view.size).toBe(100);
    for (let i = 100; i < 400; i++) state.view.set(`units.u${i}.square`, JSON.stringify({ x: i, y: i, note: "public square" }));
    const view = new StateView();
    view.add(state.seats.get("p1") as SeatKnowledge);
    const decoded = decodeFrame(serializer.getFullState({ view } as unknown as Client));
    expect(decoded.view.size).toBe(400);
    expect(decoded.seats.get("p1")?.entries.get("dials.m1")).toBe("7");
  });

  test("the stock serializer loses the state in the same case (the defect this class exists for)", () => {
    const state = bigState(300);
    let decoded: MatchRoomState | undefined;
    let failure: unknown;
    try {
      decoded = fullStateFor(new SchemaSerializer<MatchRoomState>(), state);
    } catch (error) {
      failure = error;
    }
    // Either the decode throws on the zero-filled bytes or it yields a different state.
    const whole = decoded !== undefined && decoded.view.size === 300 && decoded.matchId === "m-serializer";
    expect(failure !== undefined || !whole).toBe(true);
  });
});
