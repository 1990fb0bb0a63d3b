/** Search bots that decide from a seat's projection only (see {@link SearchBot}). */
export * from "./determinized";
export * from "./duel";
