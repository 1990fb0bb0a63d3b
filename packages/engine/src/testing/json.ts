/** JSON helpers of the kit: masked text for comparisons, and the first difference for messages. */

/** `JSON.stringify(value)` with the values of `maskKeys` (at any depth) replaced by `"*"`. */
export function maskedJson(value: unknown, maskKeys: readonly string[] = []): string {
  if (maskKeys.length === 0) return JSON.stringify(value) ?? "undefined";
  return JSON.stringify(value, (key, v: unknown) => (maskKeys.includes(key) ? "*" : v)) ?? "undefined";
}

/** The first top-level key where two JSON texts differ, shortened, for problem texts. */
export function firstDifference(a: string, b: string): string {
  const pa = JSON.parse(a) as unknown;
  const pb = JSON.parse(b) as unknown;
  if (pa === null || pb === null || typeof pa !== "object" || typeof pb !== "object") return `${a.slice(0, 200)} vs ${b.slice(0, 200)}`;
  const ra = pa as Record<string, unknown>;
  const rb = pb as Record<string, unknown>;
  for (const key of new Set([...Object.keys(ra), ...Object.keys(rb)])) {
    const va = JSON.stringify(ra[key]);
    const vb = JSON.stringify(rb[key]);
    if (va !== vb) return `${key}: ${va?.slice(0, 200)} vs ${vb?.slice(0, 200)}`;
  }
  return "(key order only)";
}

/** The same JSON value with the keys of every object in reverse order (as a jsonb column may return them). */
export function reverseKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map(reverseKeys) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reverseKeys(v)])) as T;
  }
  return value;
}
