/**
 * Passkeys in Chromium with its virtual authenticator (DevTools protocol `WebAuthn`): a guest
 * registers a passkey and becomes a member, creates a match holding a seat; another browser
 * context, whose authenticator holds the same (synced) passkey, signs in with it and gets the
 * same seat's token; a sign-in answer replayed is refused (`passkey_failed`), and so is a passkey
 * from another site's origin. The ceremonies use the browser's own WebAuthn JSON methods
 * (`PublicKeyCredential.parseCreationOptionsFromJSON`, `toJSON`) against the real server.
 *
 * Needs Chromium (FOGWAR_CHROMIUM, else /usr/bin/chromium); without it the suite is skipped,
 * visibly; under CI a missing one fails.
 */
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from "playwright-core";
import { catalog } from "@fogwar/ember";
import { startServer, type RunningServer } from "@fogwar/server";
import { CHROMIUM, CHROMIUM_ARGS, freePort, HAVE_CHROMIUM, IN_CI } from "./support";

jest.setTimeout(120_000);

const suite = HAVE_CHROMIUM || IN_CI ? describe : describe.skip;
if (!HAVE_CHROMIUM && !IN_CI) console.warn(`passkey.browser.test: skipped (needs ${CHROMIUM})`);

/** A page on the site with a virtual platform authenticator (resident keys, user verification). */
interface Device {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly cdp: CDPSession;
  readonly authenticatorId: string;
}

suite("passkeys", () => {
  let server: RunningServer;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    // WebAuthn needs a host name (an IP address is no relying party): the site is http://localhost.
    base = `http://localhost:${port}`;
    server = await startServer({ port, host: "127.0.0.1", publicUrl: base, logLevel: "silent", signInRates: { perAddress: { perSecond: 10, burst: 1000 } } });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function device(): Promise<Device> {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base}/api/health`);
    const cdp = await context.newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    return { context, page, cdp, authenticatorId };
  }

  /** A JSON request from the page (same origin, its cookies): `{ status, body }`. */
  const call = (page: Page, path: string, body?: unknown) =>
    page.evaluate(
      async ([path, body]) => {
        const response = await fetch(path as string, { method: body === undefined ? "GET" : "POST", headers: body === undefined ? {} : { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
        return { status: response.status, body: await response.json() };
      },
      [path, body] as const,
    );

  /** Registers a passkey on the page's signed-in account. */
  const registerPasskey = (page: Page) =>
    page.evaluate(async () => {
      const post = async (path: string, body: unknown = {}) => (await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).json();
      const { challengeId, options } = await post("/api/auth/passkey/register-options");
      const credential = (await navigator.credentials.create({ publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(options) })) as PublicKeyCredential;
      return post("/api/auth/passkey/register", { challengeId, response: credential.toJSON() });
    });

  /** Signs in with a passkey; `replay` sends the same answer a second time and returns both answers. */
  const signInWithPasskey = (page: Page) =>
    page.evaluate(async () => {
      const post = async (path: string, body: unknown = {}) => {
        const response = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
        return { status: response.status, body: await response.json() };
      };
      const { body } = await post("/api/auth/passkey/sign-in-options");
      const credential = (await navigator.credentials.get({ publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(body.options) })) as PublicKeyCredential;
      const answer = { challengeId: body.challengeId, response: credential.toJSON() };
      return { first: await post("/api/auth/passkey/sign-in", answer), replayed: await post("/api/auth/passkey/sign-in", answer) };
    });

  test("register with a passkey, then sign in on another device with it and open the same seat", async () => {
    const laptop = await device();
    const name = `pk${Math.random().toString(36).slice(2, 8)}`;
    expect((await call(laptop.page, "/api/auth/guest", { name })).body.account).toMatchObject({ kind: "guest", name });
    const registered = await registerPasskey(laptop.page);
    expect(registered.account).toMatchObject({ kind: "member", name, passkeys: 1, email: null });

    const created = await call(laptop.page, "/api/matches", {
      ruleset: "ember",
      scenario: "crossroads",
      players: [
        { name, army: catalog.data.armies[0] },
        { name: "Rival", army: catalog.data.armies[2] },
      ],
      claim: { seat: "p1", claimKey: "k".repeat(22) },
    });
    if (created.status !== 201) throw new Error(JSON.stringify(created.body));
    const token = created.body.seats.find((s: { seat: string }) => s.seat === "p1").token as string;

    // The passkey, synced to a phone: the phone's authenticator holds the same credential.
    const { credentials } = await laptop.cdp.send("WebAuthn.getCredentials", { authenticatorId: laptop.authenticatorId });
    expect(credentials).toHaveLength(1);
    const phone = await device();
    await phone.cdp.send("WebAuthn.addCredential", { authenticatorId: phone.authenticatorId, credential: credentials[0]! });
    expect((await call(phone.page, "/api/me")).body.account).toBeNull();
    const { first, replayed } = await signInWithPasskey(phone.page);
    expect(first.status).toBe(200);
    expect(first.body.account).toMatchObject({ name, kind: "member" });
    expect(replayed.status).toBe(400);
    expect(replayed.body.error.code).toBe("passkey_failed");
    const seats = await call(phone.page, `/api/me/seats/${created.body.matchId}`);
    expect(seats.body.seats).toEqual([{ seat: "p1", token }]);
    await laptop.context.close();
    await phone.context.close();
  });

  test("a passkey answer made for another origin is refused", async () => {
    const laptop = await device();
    await call(laptop.page, "/api/auth/guest", {});
    const forged = await laptop.page.evaluate(async () => {
      const post = async (path: string, body: unknown = {}) => {
        const response = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
        return { status: response.status, body: await response.json() };
      };
      const { body } = await post("/api/auth/passkey/register-options");
      const credential = (await navigator.credentials.create({ publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(body.options) })) as PublicKeyCredential;
      const json = credential.toJSON() as { response: { clientDataJSON: string } };
      // The client data names the origin the browser saw; an answer relayed from a phishing site names that site.
      const clientData = JSON.parse(atob(json.response.clientDataJSON.replace(/-/g, "+").replace(/_/g, "/")));
      clientData.origin = "https://evil.example";
      json.response.clientDataJSON = btoa(JSON.stringify(clientData)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
      return post("/api/auth/passkey/register", { challengeId: body.challengeId, response: json });
    });
    expect(forged.status).toBe(400);
    expect(forged.body.error.code).toBe("passkey_failed");
    expect((await call(laptop.page, "/api/me")).body.account).toMatchObject({ kind: "guest", passkeys: 0 });
    await laptop.context.close();
  });
});
