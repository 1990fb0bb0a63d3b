/**
 * The room's serializer: a late joiner's full state is whole however large the shared part grows
 * past the encoder's buffer (the bug in @colyseus/core 0.18's `SchemaSerializer` that
 * `FullStateSerializer` fixes); buffers start small, grow quietly and shrink when the room is
 * empty; a view given a whole overlay larger than the buffer gets it whole.
 */
import { ClientState, SchemaSerializer, type Client } from "@colyseus/core";
import { Decoder, Encoder, StateView } from "@colyseus/schema";
import { FullStateSerializer, INITIAL_BUFFER_BYTES } from "../src/sync/serializer.js";
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

describe("encoder buffers sized by need", () => {
  const buffers = (serializer: FullStateSerializer<MatchRoomState>) => {
    const inner = serializer as unknown as { encoder: Encoder; fullEncodeBuffer: Uint8Array };
    return [inner.encoder.sharedBuffer.byteLength, inner.fullEncodeBuffer.byteLength];
  };
  /** A connected client whose frames are decoded into its own copy of the state. */
  function client(view: StateView) {
    const decoder = new Decoder(new MatchRoomState());
    const frames: Uint8Array[] = [];
    const c = { state: ClientState.JOINED, view, raw: (bytes: Uint8Array) => frames.push(bytes) } as unknown as Client;
    return { client: c, decoder, frames, take: () => frames.splice(0).forEach((f) => decoder.decode(f, { offset: 1 })) };
  }

  test("buffers start small, grow quietly for a large state, and return to their initial size when the room is empty", () => {
    const warn = jest.spyOn(console, "warn");
    try {
      const state = bigState(600);
      const serializer = new FullStateSerializer<MatchRoomState>();
      serializer.reset(state);
      expect(buffers(serializer)).toEqual([INITIAL_BUFFER_BYTES, INITIAL_BUFFER_BYTES]);
      const view = new StateView();
      view.add(state.seats.get("p1") as SeatKnowledge);
      const joined = client(view);
      const full = decodeFrame(serializer.getFullState(joined.client));
      expect(full.view.size).toBe(600);
      for (let i = 0; i < 600; i++) state.view.set(`units.u${i}.square`, JSON.stringify({ x: i, y: i + 1, note: "moved square" }));
      joined.decoder.decode(serializer.getFullState(joined.client), { offset: 1 });
      serializer.applyPatches([joined.client]);
      joined.take();
      expect(joined.decoder.state.view.get("units.u599.square")).toBe(state.view.get("units.u599.square"));
      const [shared, fullBuffer] = buffers(serializer);
      expect(shared).toBeGreaterThan(INITIAL_BUFFER_BYTES);
      expect(fullBuffer).toBeGreaterThan(INITIAL_BUFFER_BYTES);
      expect(warn).not.toHaveBeenCalled();
      state.seq = 2;
      serializer.applyPatches([]);
      expect(buffers(serializer)).toEqual([INITIAL_BUFFER_BYTES, INITIAL_BUFFER_BYTES]);
      // A joiner after the shrink still gets the whole state.
      const again = decodeFrame(serializer.getFullState(client(view).client));
      expect(again.view.size).toBe(600);
      expect(again.seq).toBe(2);
    } finally {
      warn.mockRestore();
    }
  });

  /**
   * A client whose view is given a seat's overlay larger than the buffer's headroom: the encoder
   * writes a view's new children without bounds checks, so the serializer needs the overlay's size.
   */
  function overlayAfterJoin(viewBytes: () => number): { entries: number; matching: number } {
    const state = bigState(10);
    const p1 = state.seats.get("p1") as SeatKnowledge;
    for (let i = 0; i < 400; i++) p1.entries.set(`/plans/p1/dials/unit-${i}`, JSON.stringify(`secret timing ${i}`));
    const serializer = new FullStateSerializer<MatchRoomState>(viewBytes);
    serializer.reset(state);
    serializer.applyPatches([]); // the overlay was sent before (a room's first patches), so the view snapshots it
    const joined = client(new StateView());
    joined.decoder.decode(serializer.getFullState(joined.client), { offset: 1 });
    joined.client.view!.add(p1);
    state.seq = 1;
    serializer.applyPatches([joined.client]);
    const warn = console.warn;
    console.warn = () => undefined; // the decoder warns on corrupt bytes
    try {
      joined.take();
    } catch {
      // corrupt bytes may also throw
    } finally {
      console.warn = warn;
    }
    const got = joined.decoder.state.seats.get("p1")?.entries;
    let matching = 0;
    for (const [path, value] of p1.entries.entries()) if (got?.get(path) === value) matching++;
    return { entries: p1.entries.size, matching };
  }

  test("a view given a whole overlay of many KiB at once receives it whole with the room's bound as headroom", () => {
    const bound = () => 128 + 400 * (24 + 40 + 24);
    expect(overlayAfterJoin(bound)).toEqual({ entries: 401, matching: 401 });
  });

  test("without the bound (the initial headroom only) the same overlay arrives cut or corrupt", () => {
    const { entries, matching } = overlayAfterJoin(() => 0);
    expect(matching).toBeLessThan(entries);
  });
});
