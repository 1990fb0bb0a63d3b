/**
 * The protocol's error codes: the closed set the server relies on, fixed messages, and the stable
 * order that gives each code its number (room.ts refuses a join with
 * `4000 + Object.keys(PROTOCOL_ERRORS).indexOf(code)`).
 */
import {
  PROTOCOL_ERRORS,
  PROTOCOL_ERROR_CODES,
  PROTOCOL_ERROR_NUMBER_BASE,
  isProtocolErrorCode,
  protocolErrorFromNumber,
  protocolErrorNumber,
  type ProtocolErrorCode,
} from "../src";

/** The numbers clients already rely on: never change one, only append. */
const STABLE_NUMBERS: Record<ProtocolErrorCode, number> = {
  bad_message: 4000,
  message_too_large: 4001,
  rate_limited: 4002,
  unsupported_protocol: 4003,
  invalid_token: 4004,
  spectators_cannot_act: 4005,
  match_over: 4006,
  server_error: 4007,
  not_found: 4008,
  service_unavailable: 4009,
  spectators_full: 4010,
  too_many_requests: 4011,
  idempotency_conflict: 4012,
  forbidden: 4013,
  host_token_required: 4014,
  invalid_host_token: 4015,
  unknown_seat: 4016,
  reissue_conflict: 4017,
  chat_empty: 4018,
  chat_too_long: 4019,
  chat_audience_closed: 4020,
  chat_rate_limited: 4021,
  invalid_invite: 4022,
  invite_claimed: 4023,
  bot_seat: 4024,
  invalid_name: 4025,
  not_signed_in: 4026,
  bad_credentials: 4027,
  name_taken: 4028,
  email_taken: 4029,
  weak_password: 4030,
  passkey_failed: 4031,
  reset_unavailable: 4032,
  invalid_reset: 4033,
  cross_site: 4034,
  table_unavailable: 4035,
  rating_out_of_range: 4036,
  own_table: 4037,
  too_many_tables: 4038,
  player_unavailable: 4039,
  challenge_closed: 4040,
  not_your_challenge: 4041,
  no_rematch: 4042,
  too_many_challenges: 4043,
  too_many_reports: 4044,
  too_many_blocks: 4045,
  correspondence_refused: 4046,
  push_service_refused: 4047,
  server_starting: 4048,
};

describe("PROTOCOL_ERRORS", () => {
  it("holds every code the server sends", () => {
    for (const code of Object.keys(STABLE_NUMBERS)) expect(Object.keys(PROTOCOL_ERRORS)).toContain(code);
  });

  it("keeps its key order, so every code keeps its number", () => {
    expect(Object.keys(PROTOCOL_ERRORS)).toEqual(Object.keys(STABLE_NUMBERS));
    expect(PROTOCOL_ERROR_CODES).toEqual(Object.keys(PROTOCOL_ERRORS));
    for (const [code, number] of Object.entries(STABLE_NUMBERS)) {
      // room.ts computes the number this way; the helper must agree with it.
      expect(4000 + Object.keys(PROTOCOL_ERRORS).indexOf(code)).toBe(number);
      expect(protocolErrorNumber(code as ProtocolErrorCode)).toBe(number);
      expect(protocolErrorFromNumber(number)).toBe(code);
    }
    expect(PROTOCOL_ERROR_NUMBER_BASE).toBe(4000);
  });

  it("maps numbers outside the set to null", () => {
    for (const n of [3999, 4000 + PROTOCOL_ERROR_CODES.length, 4000.5, Number.NaN, -1, 522]) expect(protocolErrorFromNumber(n)).toBeNull();
  });

  it("gives every code snake_case, a one-sentence English message, a meaning and a channel", () => {
    for (const [code, info] of Object.entries(PROTOCOL_ERRORS)) {
      expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(info.message).toMatch(/^[A-Z][^\n]*[.:!a-z]$/);
      expect(info.message.length).toBeLessThanOrEqual(100);
      expect(info.meaning.length).toBeGreaterThan(20);
      expect(info.channels.length).toBeGreaterThan(0);
    }
  });

  it("has distinct messages", () => {
    const messages = Object.values(PROTOCOL_ERRORS).map((i) => i.message);
    expect(new Set(messages).size).toBe(messages.length);
  });

  it("recognises its own codes only", () => {
    for (const code of PROTOCOL_ERROR_CODES) expect(isProtocolErrorCode(code)).toBe(true);
    for (const other of ["not_your_turn", "toString", "__proto__", "", 4000, null]) expect(isProtocolErrorCode(other)).toBe(false);
  });
});
