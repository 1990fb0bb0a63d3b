/** A match's status: `live` until it is `finished` (it has a result) or `abandoned`. */
export type MatchStatus = "live" | "finished" | "abandoned";
