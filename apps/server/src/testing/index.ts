/**
 * `@fogwar/server/testing`: what other programs' tests and benchmarks may use of the server
 * beyond its public entries (`@fogwar/server`, `@fogwar/server/store`, `@fogwar/server/hosts`):
 * the test harness (a booted test server, a protocol test client, match helpers, a real SMTP server
 * recording what the server e-mails), the decoding of
 * recorded frames, and the inner pieces the benchmarks measure (the live match log, the
 * projector, the room state, the bot brains). Never imported by the server itself.
 *
 * A test server hosts extra rulesets (a fixture ruleset, say) by adding their hosts to the
 * registry before it boots: `hostRulesets([...])` (../hosts/index.ts), or `bootServer({ hosts })`.
 */
export * from "../../test/harness.js";
export { decodedPaths } from "../../test/decoded-frames.js";
export { LiveMatch } from "../live.js";
export { Projector } from "../sync/projector.js";
export { MatchRoomState } from "../sync/state.js";
export { brainFor, botRulesets } from "../bots/brain.js";
export { DEFAULT_BOT_DELAY_MS } from "../bots/host.js";
export { openPgliteFolder } from "../store/pglite.js";
export { dialDuelHost, DUEL_SCENARIO } from "../../test/fixtures/dial-duel-host.js";
export { startSmtpServer, type ReceivedMail, type TestSmtpServer } from "../../test/smtp.js";
export { startPushEndpoint, type ReceivedPush, type TestPushEndpoint, type TestSubscription } from "../../test/push-endpoint.js";
export { PushChannel, preparePush, pushSubscriptionId } from "../notify/push.js";
export type { OwedNotification, Recipient } from "../notify/channel.js";
export { hashToken } from "../room-auth.js";
export { hashClaimKey } from "../invites.js";
export { setNow } from "../live.js";
export { setTimers, type Timers } from "../room-clock.js";
export { FakeTime } from "../../test/fake-time.js";
export { Browser, type BrowserAnswer } from "../../test/browser.js";
export { eventually } from "../../test/eventually.js";
