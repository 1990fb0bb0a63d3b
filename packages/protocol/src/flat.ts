/**
 * Flat projections: a JSON value as a map from JSON Pointer paths to encoded leaves, and back.
 * The room state carries a viewer's projection in this form, so a change to the projection
 * becomes a handful of map entries on the wire (only the leaves that changed), and any ruleset's
 * projection can be synchronised without a schema of its own.
 *
 * A leaf is its JSON text (`"3"`, `"\"OFF\""`, `"null"`). A small container, one with at most
 * {@link COMPACT_CHILDREN} children that are all leaves (`{"q":3,"r":-1}`, `[]`), is one entry
 * too: its whole JSON text, with no entries below it. Any other container has an entry of its
 * own (`"{}"` or `"[]"`) and one per child. Each map entry costs a server some 140 bytes of
 * bookkeeping and its path on the wire, so small records travel and live as one entry; a change to
 * one of their leaves resends the record (a few bytes more than the leaf with its path).
 * {@link unflatten} reads either form.
 */

/** A flattened JSON value: JSON Pointer path (RFC 6901, "" for the root) -> encoded node. */
export type Flat = Map<string, string>;

/** The most children a container may have to be one entry (its JSON text); they must all be leaves. */
export const COMPACT_CHILDREN = 8;

const LEAF = 0;
const ARRAY = 1;
const OBJECT = 2;
const hasOwn = (object: object, key: string): boolean => Object.prototype.hasOwnProperty.call(object, key);
const isContainer = (value: unknown): boolean => value !== null && typeof value === "object";

/** Whether an array is one entry: no holes, at most COMPACT_CHILDREN items, none a container. */
function compactArray(value: unknown[]): boolean {
  if (value.length > COMPACT_CHILDREN) return false;
  for (let i = 0; i < value.length; i++) if (!(i in value) || isContainer(value[i])) return false;
  return true;
}

/** Whether an object is one entry: at most COMPACT_CHILDREN defined own properties, none a container. */
function compactObject(value: object): boolean {
  let children = 0;
  for (const key in value) {
    if (!hasOwn(value, key)) continue;
    const item = (value as Record<string, unknown>)[key];
    if (item === undefined) continue;
    if (isContainer(item) || ++children > COMPACT_CHILDREN) return false;
  }
  return true;
}

/** How a value is flattened: one entry (a leaf or a compact container), or a container with entries below. */
const kindOf = (value: unknown): number =>
  Array.isArray(value) ? (compactArray(value) ? LEAF : ARRAY) : isContainer(value) ? (compactObject(value as object) ? LEAF : OBJECT) : LEAF;
/** The entry of a value {@link kindOf} calls a leaf: its JSON text. */
const encodeLeaf = (value: unknown): string => JSON.stringify(value ?? null);

const escape = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");
const unescape = (key: string) => key.replace(/~1/g, "/").replace(/~0/g, "~");

/**
 * Flattens a JSON value (objects, arrays, strings, finite numbers, booleans, null; `undefined`
 * object properties are dropped as JSON.stringify drops them).
 */
export function flatten(value: unknown, into: Flat = new Map(), path = ""): Flat {
  const kind = kindOf(value);
  if (kind === ARRAY) {
    into.set(path, "[]");
    (value as unknown[]).forEach((item, i) => flatten(item, into, `${path}/${i}`));
  } else if (kind === OBJECT) {
    into.set(path, "{}");
    for (const [key, item] of Object.entries(value as object)) {
      if (item !== undefined) flatten(item, into, `${path}/${escape(key)}`);
    }
  } else {
    into.set(path, encodeLeaf(value));
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

/** Receives a change to a flat projection: the entries it sets and the paths it removes. */
export interface FlatSink {
  set(path: string, value: string): void;
  remove(path: string): void;
}

/** Stands for "no projection yet" in {@link diffValues}: every entry of the next value is set. */
export const NOTHING: unique symbol = Symbol("nothing");

const CONTAINER = ["", "[]", "{}"];

/** The walk's current path as a stack of raw keys and indices, joined (and escaped) only when a change is met. */
class Walk {
  private readonly keys: (string | number)[] = [];
  constructor(private readonly sink: FlatSink) {}

  path(): string {
    let out = "";
    for (const key of this.keys) out += `/${typeof key === "number" ? key : key.includes("~") || key.includes("/") ? escape(key) : key}`;
    return out;
  }

  /**
   * Sets every entry of `value`'s subtree (as {@link flatten} makes them); its own entry only if
   * it is not `was` (what the path held before).
   */
  add(value: unknown, was?: string): void {
    const kind = kindOf(value);
    const encoded = kind === LEAF ? encodeLeaf(value) : (CONTAINER[kind] as string);
    if (encoded !== was) this.sink.set(this.path(), encoded);
    this.children(value, kind, (v) => this.add(v));
  }

  /** Removes every entry of `value`'s subtree below the current path (not the path's own). */
  removeBelow(value: unknown, kind: number): void {
    this.children(value, kind, (v) => {
      this.sink.remove(this.path());
      this.removeBelow(v, kindOf(v));
    });
  }

  private children(value: unknown, kind: number, visit: (child: unknown) => void): void {
    if (kind === ARRAY) {
      (value as unknown[]).forEach((item, i) => this.at(i, item, visit));
    } else if (kind === OBJECT) {
      for (const [key, item] of Object.entries(value as object)) if (item !== undefined) this.at(key, item, visit);
    }
  }

  private at(key: string | number, value: unknown, visit: (child: unknown) => void): void {
    this.keys.push(key);
    visit(value);
    this.keys.pop();
  }

  /** The change from `previous`'s subtree to `next`'s at the current path. */
  diff(previous: unknown, next: unknown): void {
    if (previous === next) return;
    const before = kindOf(previous);
    const after = kindOf(next);
    if (before !== after) {
      if (before === LEAF || after === LEAF) {
        // A compact container's entry and a container's own may be the same text ("{}", "[]").
        this.removeBelow(previous, before);
        this.add(next, before === LEAF ? encodeLeaf(previous) : CONTAINER[before]);
      } else {
        // An array and an object: "/0" is the same path under both, so compare child by child.
        this.sink.set(this.path(), CONTAINER[after] as string);
        const old = new Map<string, unknown>();
        this.children(previous, before, (item) => void old.set(String(this.keys[this.keys.length - 1]), item));
        this.children(next, after, (item) => {
          const key = String(this.keys[this.keys.length - 1]);
          if (old.has(key)) this.diff(old.get(key), item);
          else this.add(item);
          old.delete(key);
        });
        for (const [key, item] of old) this.removeAt(key, item);
      }
      return;
    }
    if (after === LEAF) {
      const encoded = encodeLeaf(next);
      if (encodeLeaf(previous) !== encoded) this.sink.set(this.path(), encoded);
    } else if (after === ARRAY) {
      const a = previous as unknown[];
      const b = next as unknown[];
      for (let i = 0; i < b.length; i++) {
        if (!(i in b)) continue;
        this.keys.push(i);
        if (i < a.length && i in a) this.diff(a[i], b[i]);
        else this.add(b[i]);
        this.keys.pop();
      }
      for (let i = b.length; i < a.length; i++) if (i in a) this.removeAt(i, a[i]);
    } else {
      const a = previous as Record<string, unknown>;
      const b = next as Record<string, unknown>;
      for (const key in b) {
        const item = b[key];
        if (item === undefined || !hasOwn(b, key)) continue;
        const old = hasOwn(a, key) ? a[key] : undefined;
        this.keys.push(key);
        if (old !== undefined) this.diff(old, item);
        else this.add(item);
        this.keys.pop();
      }
      for (const key in a) {
        const item = a[key];
        if (item === undefined || !hasOwn(a, key) || (hasOwn(b, key) && b[key] !== undefined)) continue;
        this.removeAt(key, item);
      }
    }
  }

  /** Removes the entry at `key` below the current path and its whole subtree. */
  private removeAt(key: string | number, value: unknown): void {
    this.keys.push(key);
    this.sink.remove(this.path());
    this.removeBelow(value, kindOf(value));
    this.keys.pop();
  }
}

/**
 * Tells `sink` the change from `flatten(previous)` to `flatten(next)` ({@link NOTHING} for no
 * previous value: every entry of `next` is set), by walking the two values side by side: the
 * same as {@link diff} of the two flat maps, without building either. Subtrees that are the same
 * object in both values are skipped unread, so values passed here must never be mutated
 * afterwards (projections built with structural sharing make unchanged parts cost nothing).
 */
export function diffValues(previous: unknown, next: unknown, sink: FlatSink): void {
  const walk = new Walk(sink);
  if (previous === NOTHING) walk.add(next);
  else walk.diff(previous, next);
}

/**
 * The overlay from the public projection to a viewer's ({@link overlay} of their flat forms),
 * walking the two values: parts the two share by identity cost nothing. Same contract on
 * mutation as {@link diffValues}.
 */
export function overlayValues(publicValue: unknown, viewerValue: unknown): Flat {
  const out: Flat = new Map();
  diffValues(publicValue, viewerValue, { set: (path, value) => out.set(path, value), remove: (path) => out.set(path, REMOVED) });
  return out;
}
