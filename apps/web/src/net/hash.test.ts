import { parseInviteHash, seatKey, takeSeatCredentials, tokenKey, type CredentialEnv } from "./hash";

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
    expect(parseInviteHash(`#seat=p2&token=${TOKEN}`)).toEqual({ seat: "p2", token: TOKEN });
  });
  test("refuses malformed tokens and seats", () => {
    expect(parseInviteHash("#seat=p1&token=XYZ")).toEqual({ seat: "p1", token: null });
    expect(parseInviteHash(`#seat=<script>&token=${TOKEN.toUpperCase()}`)).toEqual({ seat: null, token: null });
    expect(parseInviteHash("")).toEqual({ seat: null, token: null });
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
