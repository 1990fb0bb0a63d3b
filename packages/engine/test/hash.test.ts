import {
  canonicalJson,
  commit,
  deriveSalt,
  seedCommitment,
  sha256Hex,
  stateHash,
  verifyCommitment,
  verifySeed,
} from "../src/hash";

const HEX64 = /^[0-9a-f]{64}$/;

describe("canonicalJson", () => {
  it("does not depend on key insertion order, at any depth", () => {
    const a = { b: 1, a: { y: [1, { q: 1, p: 2 }], x: "s" } };
    const b = { a: { x: "s", y: [1, { p: 2, q: 1 }] }, b: 1 };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(canonicalJson(a)).toBe('{"a":{"x":"s","y":[1,{"p":2,"q":1}]},"b":1}');
  });

  it("keeps array order (arrays are sequences, not sets)", () => {
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
  });

  it("drops undefined properties, writes undefined array items and a bare undefined as null", () => {
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
    expect(canonicalJson([undefined, 1])).toBe("[null,1]");
    expect(canonicalJson(undefined)).toBe("null");
  });

  it("throws TypeError on circular structures", () => {
    const cyclic: { self?: unknown } = {};
    cyclic.self = cyclic;
    expect(() => canonicalJson(cyclic)).toThrow(TypeError);
  });
});

describe("sha256Hex and stateHash", () => {
  it("equals Node's native SHA-256 of the canonical JSON (a server may hash states natively)", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { createHash } = require("node:crypto") as typeof import("node:crypto");
    const native = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
    const values: unknown[] = ["", "a", "é한😀", "\ud800 lone", { b: [1, -0, 1.5e300, null], a: { "": "x".repeat(10_000) } }];
    for (const value of values) {
      const text = canonicalJson(value);
      expect(sha256Hex(text)).toBe(native(text));
      expect(stateHash(value)).toBe(native(text));
    }
  });

  it("sha256Hex matches the standard SHA-256 test vector", () => {
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  const STATE = {
    round: 3,
    seats: ["p1", "p2"],
    units: { b: { hp: 2, at: { x: 1, y: 4 } }, a: { hp: 5, at: { x: 0, y: 0 } } },
    over: false,
    note: null,
  };

  it("is stable: a fixed state hashes to a fixed value (regression guard for canonical JSON)", () => {
    expect(stateHash(STATE)).toBe("5601894173bf2968aba5669d5663e32e751692831d35d5a6c342215470177285");
    expect(stateHash(STATE)).toBe(sha256Hex(canonicalJson(STATE)));
  });

  it("ignores key order but not values", () => {
    const reordered = {
      note: null,
      over: false,
      units: { a: { at: { y: 0, x: 0 }, hp: 5 }, b: { at: { y: 4, x: 1 }, hp: 2 } },
      seats: ["p1", "p2"],
      round: 3,
    };
    expect(stateHash(reordered)).toBe(stateHash(STATE));
    expect(stateHash({ ...STATE, round: 4 })).not.toBe(stateHash(STATE));
    expect(stateHash({ ...STATE, seats: ["p2", "p1"] })).not.toBe(stateHash(STATE));
    expect(stateHash({ ...STATE, note: "x" })).not.toBe(stateHash(STATE));
  });

  it("distinguishes values whose loose string forms coincide", () => {
    expect(stateHash({ a: 1 })).not.toBe(stateHash({ a: "1" }));
    expect(stateHash([1, 2])).not.toBe(stateHash("1,2"));
    expect(stateHash(null)).not.toBe(stateHash({}));
    expect(stateHash(stateHash({}))).toMatch(HEX64);
  });
});

describe("commit / verifyCommitment", () => {
  const salt = deriveSalt("seed-1", "plan:1:p1");

  it("round-trips: the same choice and salt open the commitment", () => {
    const choice = { mech: "m1", dial: 4 };
    const c = commit(choice, salt);
    expect(c).toMatch(HEX64);
    expect(verifyCommitment(c, choice, salt)).toBe(true);
    expect(verifyCommitment(c, { dial: 4, mech: "m1" }, salt)).toBe(true); // key order is irrelevant
  });

  it("detects a changed choice", () => {
    const c = commit({ mech: "m1", dial: 4 }, salt);
    expect(verifyCommitment(c, { mech: "m1", dial: 5 }, salt)).toBe(false);
    expect(verifyCommitment(c, { mech: "m2", dial: 4 }, salt)).toBe(false);
    expect(verifyCommitment(commit(3, salt), "3", salt)).toBe(false);
  });

  it("detects a changed salt", () => {
    const c = commit(4, salt);
    expect(verifyCommitment(c, 4, deriveSalt("seed-1", "plan:1:p2"))).toBe(false);
    expect(verifyCommitment(c, 4, salt.replace(/^./, (ch) => (ch === "0" ? "1" : "0")))).toBe(false);
  });

  it("detects a tampered commitment", () => {
    const c = commit(4, salt);
    const flipped = c.slice(0, -1) + (c.endsWith("0") ? "1" : "0");
    expect(verifyCommitment(flipped, 4, salt)).toBe(false);
  });

  it("hides the choice: the same choice under different salts gives unrelated commitments", () => {
    expect(commit(4, deriveSalt("s", "a"))).not.toBe(commit(4, deriveSalt("s", "b")));
  });

  it("separates the salt from the choice, so shifting characters between them changes the commitment", () => {
    expect(commit("b:c", "a")).not.toBe(commit("c", "a:b"));
  });
});

describe("deriveSalt", () => {
  it("is deterministic and 256 bits of hex", () => {
    expect(deriveSalt("seed", "plan:1:p1")).toBe(deriveSalt("seed", "plan:1:p1"));
    expect(deriveSalt("seed", "plan:1:p1")).toMatch(HEX64);
  });

  it("separates labels and seeds", () => {
    const labels = ["plan:1:p1", "plan:1:p2", "plan:2:p1", "pick:1:p1"];
    const salts = new Set(labels.map((l) => deriveSalt("seed", l)));
    expect(salts.size).toBe(labels.length);
    expect(deriveSalt("seed-a", "plan:1:p1")).not.toBe(deriveSalt("seed-b", "plan:1:p1"));
  });

  it("is domain-separated from the seed commitment and from plain hashing", () => {
    expect(deriveSalt("seed", "")).not.toBe(seedCommitment("seed"));
    expect(deriveSalt("seed", "x")).not.toBe(sha256Hex("seed:x"));
  });
});

describe("seedCommitment / verifySeed", () => {
  it("opens with the committed seed only", () => {
    const seed = "a".repeat(64);
    const c = seedCommitment(seed);
    expect(c).toMatch(HEX64);
    expect(c).not.toContain(seed);
    expect(verifySeed(c, seed)).toBe(true);
    expect(verifySeed(c, "b".repeat(64))).toBe(false);
    expect(verifySeed(c, seed + " ")).toBe(false);
  });

  it("differs from a bare hash of the seed (domain separation)", () => {
    expect(seedCommitment("s")).not.toBe(sha256Hex("s"));
  });
});
