/**
 * Bot seats: seats of a match the server itself plays. Which seats they are, and at which level,
 * is public and stored with the match (its options, `bots: { [seat]: BotLevel }`), so a process
 * that rebuilds the match's room (after a restart, or taking over a match whose host died) starts
 * its bots again.
 *
 * A bot joins like any player, with a seat token. Its token is derived from the match's dice seed
 * (HMAC-SHA256 of the seat id under the seed), which the server alone reads while the match is
 * live: the token never needs storing, anyone who rebuilds the match can derive it, and nobody
 * else can. The seed is revealed when the match ends, and a finished match takes no commands and
 * no joins, so the token is worthless by then. The bot itself is given only the token and its
 * brain seed, never the match seed or any state: it sees what its seat's projection shows.
 *
 * A bot's own random choices (its secret dials, deployment, picks) are seeded by its brain seed,
 * HMAC-SHA256 of the seat id under the match seed: as secret as the seed while the match is live,
 * and the same after a restart. A seed an opponent knows (the match id, the seat) would let them
 * replay the bot and read every secret choice it makes.
 */
import { createHmac } from "node:crypto";
import { BotLevel } from "@fogwar/protocol";

/** A seat token for the bot of `seat`: 32 hex characters, HMAC-SHA256 of the seat id under the match's seed. */
export function botToken(seed: string, seat: string): string {
  return createHmac("sha256", seed).update(`fogwar-bot-token:${seat}`).digest("hex").slice(0, 32);
}

/** The seed of the bot of `seat`'s own random choices: 64 hex characters, HMAC-SHA256 of the seat id under the match's seed. */
export function botBrainSeed(seed: string, seat: string): string {
  return createHmac("sha256", seed).update(`fogwar-bot-brain:${seat}`).digest("hex");
}

/**
 * The bot seats stored in a match's options (`{ [seat]: level }`); entries that are not a known
 * level are left out, and anything else than an object gives `{}`.
 */
export function botSeatsOf(options: unknown): Record<string, BotLevel> {
  const bots = (options as { bots?: unknown } | null)?.bots;
  const out: Record<string, BotLevel> = {};
  if (!bots || typeof bots !== "object") return out;
  for (const [seat, level] of Object.entries(bots)) {
    const parsed = BotLevel.safeParse(level);
    if (parsed.success) out[seat] = parsed.data;
  }
  return out;
}
