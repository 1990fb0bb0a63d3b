/**
 * Flat projections: a JSON value as a map from JSON Pointer paths to encoded leaves, and back.
 * The room state carries a viewer's projection in this form, so a change to the projection
 * becomes a handful of map entries on the wire (only the leaves that changed), and any ruleset's
 * projection can be synchronised without a schema of its own.
 *
 * Every container has an entry too (`"{}"` or `"[]"`), so empty objects and arrays survive, and a
 * leaf is its JSON text (`"3"`, `"\"OFF\""`, `"null"`).
 */

/** A flattened JSON value: JSON Pointer path (RFC 6901, "" for the root) -> encoded node. */
export type Flat = Map<string, string>;

const escape = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");
const unescape = (key: string) => key.replace(/~1/g, "/").replace(/~0/g, "~");

/**
 * Flattens a JSON value (objects, arrays, strings, finite numbers, booleans, null; `undefined`
 * object properties are dropped as JSON.stringify drops them).
 */
export function flatten(value: unknown, into: Flat = new Map(), path = ""): Flat {
  if (Array.isArray(value)) {
    into.set(path, "[]");
    value.forEach((item, i) => flatten(item, into, `${path}/${i}`));
  } else if (value !== null && typeof value === "object") {
    into.set(path, "{}");
    for (const [key, item] of Object.entries(value)) {
      if (item !== undefined) flatten(item, into, `${path}/${escape(key)}`);
    }
  } else {
    into.set(path, JSON.stringify(value ?? null));
  }
  return into;
}

/**
 * Sets `object[key]` as an own data property, as `JSON.parse` does: a plain assignment to
 * `"__proto__"` would replace the object's prototype instead and lose the key.
 */
function setOwn(object: object, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  else (object as Record<string, unknown>)[key] = value;
}

/**
 * Rebuilds the JSON value from its flattened form.
 * @throws Error when an entry's parent is missing or is not a container (a corrupt map).
 */
export function unflatten(flat: ReadonlyMap<string, string>): unknown {
  const root = flat.get("");
  if (root === undefined) return undefined;
  // Parents before children: a parent's path is a prefix of its children's, so it sorts first.
  const paths = [...flat.keys()].sort();
  const nodes = new Map<string, unknown>();
  for (const path of paths) {
    const encoded = flat.get(path) as string;
    const node = encoded === "{}" ? {} : encoded === "[]" ? [] : JSON.parse(encoded);
    nodes.set(path, node);
    if (path === "") continue;
    const cut = path.lastIndexOf("/");
    const parent = nodes.get(path.slice(0, cut));
    const key = unescape(path.slice(cut + 1));
    if (Array.isArray(parent)) parent[Number(key)] = node;
    else if (parent !== null && typeof parent === "object") setOwn(parent, key, node);
    else throw new Error(`flat projection has an orphan entry at ${path}`);
  }
  return nodes.get("");
}

/** The entries of `next` that differ from `previous`, and the paths of `previous` gone from `next`. */
export function diff(previous: ReadonlyMap<string, string>, next: ReadonlyMap<string, string>): { set: [string, string][]; remove: string[] } {
  const set: [string, string][] = [];
  const remove: string[] = [];
  for (const [path, value] of next) if (previous.get(path) !== value) set.push([path, value]);
  for (const path of previous.keys()) if (!next.has(path)) remove.push(path);
  return { set, remove };
}

/** Marks a path the overlay deletes from the public projection. */
export const REMOVED = "\u0000removed";

/**
 * The overlay that turns the public flat projection into a viewer's: the entries the viewer's
 * projection has and the public one lacks or has differently, plus {@link REMOVED} for public
 * paths the viewer's projection does not have. Applying it with {@link applyOverlay} rebuilds the
 * viewer's flat projection exactly.
 */
export function overlay(publicFlat: ReadonlyMap<string, string>, viewerFlat: ReadonlyMap<string, string>): Flat {
  const out: Flat = new Map();
  for (const [path, value] of viewerFlat) if (publicFlat.get(path) !== value) out.set(path, value);
  for (const path of publicFlat.keys()) if (!viewerFlat.has(path)) out.set(path, REMOVED);
  return out;
}

/** The public projection with a viewer's overlay applied. */
export function applyOverlay(publicFlat: ReadonlyMap<string, string>, over: ReadonlyMap<string, string>): Flat {
  const out: Flat = new Map(publicFlat);
  for (const [path, value] of over) {
    if (value === REMOVED) out.delete(path);
    else out.set(path, value);
  }
  return out;
}
