/**
 * Problems and counters of a kit run. A check never throws on the first failure: it records a
 * problem under its channel (`view`, `events`, `errors`, ...) with the match, the step and the
 * viewer in the text, and a test asserts each channel empty. Counters show a check was not vacuous
 * (a test asserts them above a floor).
 */

/** Problems by kind (channel), in the order found. */
export class Problems {
  private readonly byKind = new Map<string, string[]>();

  /** @param show how many problems of a kind {@link shown} prints (default 12). */
  constructor(readonly show = 12) {}

  /** Records one problem of `kind`. */
  add(kind: string, text: string): void {
    const list = this.byKind.get(kind);
    if (list) list.push(text);
    else this.byKind.set(kind, [text]);
  }

  /** Every problem of `kind` (empty when none). */
  list(kind: string): readonly string[] {
    return this.byKind.get(kind) ?? [];
  }

  /** The kinds that have at least one problem. */
  kinds(): string[] {
    return [...this.byKind.keys()].filter((k) => this.list(k).length > 0);
  }

  /** The total number of problems of every kind. */
  get size(): number {
    return [...this.byKind.values()].reduce((n, list) => n + list.length, 0);
  }

  /** The first {@link show} problems of `kind`, and a line saying how many more there are. */
  shown(kind: string): string[] {
    const list = this.list(kind);
    const out = list.slice(0, this.show);
    if (list.length > this.show) out.push(`... and ${list.length - this.show} more`);
    return out;
  }

  /** Asserts (jest `expect`) that none of `kinds` has a problem; a failure prints the first ones. */
  expectNone(...kinds: string[]): void {
    for (const kind of kinds) expect([kind, this.shown(kind)]).toEqual([kind, []]);
  }
}

/** Named counts (how many states, probes, variants a check went through). */
export class Counters {
  private readonly counts = new Map<string, number>();

  /** Adds `n` (default 1) to `name`. */
  add(name: string, n = 1): void {
    this.counts.set(name, (this.counts.get(name) ?? 0) + n);
  }

  /** The count of `name` (0 when never counted). */
  get(name: string): number {
    return this.counts.get(name) ?? 0;
  }

  /** Every count, by name. */
  toJSON(): Record<string, number> {
    return Object.fromEntries(this.counts);
  }
}
