/**
 * The default sign-in rate per address (./routes.ts; settings FOGWAR_SIGN_IN_PER_MINUTE and
 * FOGWAR_SIGN_IN_BURST): 6 attempts a minute on average, bursts of 30.
 */
export const DEFAULT_SIGN_IN_RATE = { perMinute: 6, burst: 30 } as const;
