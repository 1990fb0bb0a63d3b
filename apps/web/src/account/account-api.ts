/**
 * The REST client of the account pages (docs/protocol.md "Accounts"): same-origin JSON requests
 * with the session cookie (`credentials: "same-origin"`), typed over the protocol's zod schemas.
 * Every failure is thrown as the lobby's {@link ApiError} `{ code, message }`: the server's error
 * code (`bad_credentials`, `name_taken`, ...), `network_error`, `server_error` or `bad_response`.
 */
import { z } from "zod";
import { ApiErrorBody, MeResponse, MyMatchesResponse, MySeatsResponse } from "@fogwar/protocol";
import { ApiError, type FetchLike } from "../api";

const Ceremony = z.object({ challengeId: z.string(), options: z.record(z.string(), z.unknown()) });
const Sent = z.object({ sent: z.boolean() });

/**
 * A same-origin JSON request with the session cookie: `call(schema, path, body?, method?)` sends
 * `body` as JSON (POST unless `method` says otherwise; GET without a body) to `<base>/api<path>`
 * and parses the answer with `schema`. Failures throw {@link ApiError}.
 */
export function createJsonCall(fetchImpl: FetchLike = (input, init) => fetch(input, init), base = "") {
  return async function call<S extends z.ZodType>(schema: S, path: string, body?: unknown, method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"): Promise<z.output<S>> {
    let response: Response;
    try {
      const init: RequestInit = { credentials: "same-origin", headers: { accept: "application/json", ...(body !== undefined ? { "content-type": "application/json" } : {}) } };
      if (body !== undefined) {
        init.method = "POST";
        init.body = JSON.stringify(body);
      }
      if (method) init.method = method;
      response = await fetchImpl(`${base}/api${path}`, init);
    } catch {
      throw new ApiError("network_error", "The server cannot be reached.");
    }
    let answer: unknown = null;
    try {
      answer = await response.json();
    } catch {
      answer = null;
    }
    if (!response.ok) {
      const parsed = ApiErrorBody.safeParse(answer);
      if (parsed.success) throw new ApiError(parsed.data.error.code, parsed.data.error.message, undefined, response.status);
      throw new ApiError("server_error", `The server answered ${response.status}.`, undefined, response.status);
    }
    const parsed = schema.safeParse(answer);
    if (!parsed.success) throw new ApiError("bad_response", "The server's answer could not be read.", undefined, response.status);
    return parsed.data;
  };
}

/** The account API over `fetchImpl` (default: the browser's fetch) at `base` (default: this origin). */
export function createAccountApi(fetchImpl: FetchLike = (input, init) => fetch(input, init), base = "") {
  const call = createJsonCall(fetchImpl, base);

  /** Runs a browser passkey ceremony; a refusal or cancel in the browser is `passkey_cancelled`. */
  async function ceremony<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw new ApiError("passkey_cancelled", error instanceof Error ? error.message : "The passkey was not used.");
    }
  }

  const api = {
    /** `GET /api/me`: the signed-in account (or null) and whether reset e-mail is available. */
    me: () => call(MeResponse, "/me"),
    /** `POST /api/auth/guest`: start as a guest (a generated name when none is given). */
    guest: (name?: string) => call(MeResponse, "/auth/guest", name ? { name } : {}),
    /** `POST /api/auth/register`: a member with e-mail and password (a signed-in guest keeps its games). */
    register: (name: string, email: string, password: string) => call(MeResponse, "/auth/register", { name, email, password }),
    /** `POST /api/auth/sign-in` with e-mail and password. */
    signIn: (email: string, password: string) => call(MeResponse, "/auth/sign-in", { email, password }),
    /** `POST /api/auth/sign-out`. */
    signOut: () => call(MeResponse, "/auth/sign-out", {}),
    /** `POST /api/auth/password-reset`: asks for a reset link by e-mail (503 `reset_unavailable` without SMTP). */
    requestReset: (email: string) => call(Sent, "/auth/password-reset", { email }),
    /** `POST /api/auth/password-reset/complete`: a new password with the link's token; signs in. */
    completeReset: (token: string, password: string) => call(MeResponse, "/auth/password-reset/complete", { token, password }),
    /** Adds a passkey to the signed-in account (a guest becomes a member). */
    addPasskey: async () => {
      const { challengeId, options } = await call(Ceremony, "/auth/passkey/register-options", {});
      // The WebAuthn helper loads only when a passkey is used (the table's fallback needs none of it).
      const { startRegistration } = await import("@simplewebauthn/browser");
      const response = await ceremony(() => startRegistration({ optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]["optionsJSON"] }));
      return call(MeResponse, "/auth/passkey/register", { challengeId, response });
    },
    /** Signs in with a passkey this browser or device holds. */
    passkeySignIn: async () => {
      const { challengeId, options } = await call(Ceremony, "/auth/passkey/sign-in-options", {});
      const { startAuthentication } = await import("@simplewebauthn/browser");
      const response = await ceremony(() => startAuthentication({ optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]["optionsJSON"] }));
      return call(MeResponse, "/auth/passkey/sign-in", { challengeId, response });
    },
    /** A new account with a passkey: a guest of that name first, then its passkey. */
    registerWithPasskey: async (name: string) => {
      await call(MeResponse, "/auth/guest", { name });
      return api.addPasskey();
    },
    /** `PATCH /api/me`: a new public name (my seats carry it too). */
    rename: (name: string) => call(MeResponse, "/me", { name }, "PATCH"),
    /** `DELETE /api/me`: deletes the account (my finished matches stay, under an anonymous name); signed out after. */
    deleteAccount: (confirmName: string) => call(MeResponse, "/me", { confirmName }, "DELETE"),
    /** `GET /api/me/matches`: live ones first (my move first), then finished ones. */
    myMatches: () => call(MyMatchesResponse, "/me/matches").then((r) => r.matches),
    /** `GET /api/me/seats/:id`: my seats' tokens in a live match. */
    mySeats: (matchId: string) => call(MySeatsResponse, `/me/seats/${encodeURIComponent(matchId)}`).then((r) => r.seats),
  };
  return api;
}

export type AccountApi = ReturnType<typeof createAccountApi>;

/** The account API of this page's origin. */
export const accountApi: AccountApi = createAccountApi();
