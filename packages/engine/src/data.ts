/**
 * What every ruleset's sample-data loader shares: the error a malformed file throws, and the
 * index of a list of records by their `id`.
 */

/** A sample-data file that does not match its schema or refers to something missing. */
export class DataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DataError";
  }
}

/**
 * `items` by their `id`, in list order.
 * @param what the kind of record, for the error (`"part"`, `"map m1 room"`).
 * @throws DataError `duplicate <what> id "<id>"` on the first id seen twice.
 */
export function indexById<T extends { id: string }>(items: readonly T[], what: string): Map<string, T> {
  const map = new Map<string, T>();
  for (const item of items) {
    if (map.has(item.id)) throw new DataError(`duplicate ${what} id "${item.id}"`);
    map.set(item.id, item);
  }
  return map;
}
