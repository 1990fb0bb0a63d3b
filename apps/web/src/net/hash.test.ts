import { claimKeyOf, keepClaimedToken, newClaimKey, parseInviteHash, seatKey, takeSeatCredentials, tokenKey, type CredentialEnv } from "./hash";

const TOKEN = "3f9c2a7e5b1d4c8f9a0e6b2d7c4f1a83";

function env(hash: string, stored: Record<string, string> = {}) {
  const storage = new Map(Object.entries(stored));
  const replaced: string[] = [];
  const e: CredentialEnv = {
    location: { pathname: "/play/k7m2q9x4w8ab", search: "", hash },
    history: { state: null, replaceState: (_d, _u, url) => void replaced.push(String(url)) },
    storage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v) },
  };
  return { e, storage, replaced };
}

describe("parseInviteHash", () => {
  test("reads seat and token from an invite fragment", () => {
    expect(parseInviteHash(`#seat=p2&token=${TOKEN}`)).toEqual({ seat: "p2", token: TOKEN, invite: null });
    expect(parseInviteHash(`#seat=p2&invite=${TOKEN}`)).toEqual({ seat: "p2", token: null, invite: TOKEN });
  });
  test("refuses malformed tokens and seats", () => {
    expect(parseInviteHash("#seat=p1&token=XYZ&invite=XYZ")).toEqual({ seat: "p1", token: null, invite: null });
    expect(parseInviteHash(`#seat=<script>&token=${TOKEN.toUpperCase()}`)).toEqual({ seat: null, token: null, invite: null });
    expect(parseInviteHash("")).toEqual({ seat: null, token: null, invite: null });
  });
});

describe("takeSeatCredentials", () => {
  test("a fresh invite link: stores the token by match and seat and removes it from the visible URL", () => {
    const { e, storage, replaced } = env(`#seat=p2&token=${TOKEN}`);
    expect(takeSeatCredentials("k7m2q9x4w8ab", e)).toEqual({ seat: "p2", token: TOKEN });
    expect(storage.get(tokenKey("k7m2q9x4w8ab", "p2"))).toBe(TOKEN);
    expect(storage.get(seatKey("k7m2q9x4w8ab"))).toBe("p2");
    expect(replaced).toEqual(["/play/k7m2q9x4w8ab#seat=p2"]);
    expect(replaced.join("")).not.toContain(TOKEN);
  });

  test("a reload (fragment without the token) finds the token in sessionStorage", () => {
    const { e, replaced } = env("#seat=p2", { [tokenKey("k7m2q9x4w8ab", "p2")]: TOKEN });
    expect(takeSeatCredentials("k7m2q9x4w8ab", e)).toEqual({ seat: "p2", token: TOKEN });
    expect(replaced).toEqual([]);
  });

  test("no fragment: the seat this tab last played", () => {
    const { e } = env("", { [tokenKey("m", "p1")]: TOKEN, [seatKey("m")]: "p1" });
    expect(takeSeatCredentials("m", e)).toEqual({ seat: "p1", token: TOKEN });
  });

  test("no token anywhere, or a token of another match: null", () => {
    expect(takeSeatCredentials("m", env("#seat=p1").e)).toBeNull();
    expect(takeSeatCredentials("m", env("#seat=p1", { [tokenKey("other", "p1")]: TOKEN }).e)).toBeNull();
  });

  test("the same call twice (React StrictMode) gives the same seat", () => {
    const { e } = env(`#seat=p1&token=${TOKEN}`);
    const first = takeSeatCredentials("m", e);
    (e.location as { hash: string }).hash = "#seat=p1";
    expect(takeSeatCredentials("m", e)).toEqual(first);
  });
});

describe("invites", () => {
  const INVITE = "0123456789abcdef0123456789abcdef";
  const KEY = "k".repeat(22);

  test("a fresh invite link: a claim with a new claim key, kept in storage; the invite leaves the visible URL", () => {
    const { e, storage, replaced } = env(`#seat=p2&invite=${INVITE}`);
    expect(takeSeatCredentials("m", e, () => KEY)).toEqual({ seat: "p2", invite: INVITE, claimKey: KEY });
    expect(JSON.parse(storage.get(claimKeyOf("m", "p2"))!)).toEqual({ invite: INVITE, claimKey: KEY });
    expect(replaced).toEqual(["/play/k7m2q9x4w8ab#seat=p2"]);
    expect(replaced.join("")).not.toContain(INVITE);
  });

  test("a claim whose answer was lost is claimed again with the same key (the same link, or a reload)", () => {
    const { e } = env(`#seat=p2&invite=${INVITE}`);
    takeSeatCredentials("m", e, () => KEY);
    expect(takeSeatCredentials("m", e, () => "other-key-other-key-other")).toEqual({ seat: "p2", invite: INVITE, claimKey: KEY });
    (e.location as { hash: string }).hash = "#seat=p2";
    expect(takeSeatCredentials("m", e, () => "other-key-other-key-other")).toEqual({ seat: "p2", invite: INVITE, claimKey: KEY });
  });

  test("once claimed, the token is kept: the same link or a reload plays the seat; a new invite (a re-issue) is claimed afresh", () => {
    const { e } = env(`#seat=p2&invite=${INVITE}`);
    takeSeatCredentials("m", e, () => KEY);
    keepClaimedToken("m", "p2", TOKEN, e);
    expect(takeSeatCredentials("m", e)).toEqual({ seat: "p2", token: TOKEN });
    (e.location as { hash: string }).hash = "#seat=p2";
    expect(takeSeatCredentials("m", e)).toEqual({ seat: "p2", token: TOKEN });
    const reissued = "f".repeat(32);
    (e.location as { hash: string }).hash = `#seat=p2&invite=${reissued}`;
    expect(takeSeatCredentials("m", e, () => "new-key-new-key-new-key")).toEqual({ seat: "p2", invite: reissued, claimKey: "new-key-new-key-new-key" });
  });

  test("the same invite link opened again in a new tab of the same browser (the first tab closed) claims with the same key, for the same seat; a tab of another browser has none", () => {
    const claims = new Map<string, string>();
    const browser = { getItem: (k: string) => claims.get(k) ?? null, setItem: (k: string, v: string) => void claims.set(k, v) };
    const first = env(`#seat=p2&invite=${INVITE}`);
    expect(takeSeatCredentials("m", { ...first.e, claims: browser }, () => KEY)).toEqual({ seat: "p2", invite: INVITE, claimKey: KEY });
    keepClaimedToken("m", "p2", TOKEN, first.e);
    expect([...claims.values()].join("")).not.toContain(TOKEN);
    const reopened = env(`#seat=p2&invite=${INVITE}`);
    expect(takeSeatCredentials("m", { ...reopened.e, claims: browser }, () => "other-key-other-key-other")).toEqual({ seat: "p2", invite: INVITE, claimKey: KEY });
    const elsewhere = env(`#seat=p2&invite=${INVITE}`);
    expect(takeSeatCredentials("m", elsewhere.e, () => "other-key-other-key-other")).toEqual({ seat: "p2", invite: INVITE, claimKey: "other-key-other-key-other" });
  });

  test("a new claim key is 22 base64url characters of fresh randomness", () => {
    const key = newClaimKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(newClaimKey()).not.toBe(key);
  });
});
