/**
 * A map that forgets gradually: entries live in two generations; every period (or sooner, when the
 * newer one holds `capacity` entries) the newer becomes the older and the older is dropped. An entry is
 * kept for at least one period unless `capacity` fresh ones follow it, and memory stays under twice
 * `capacity`: a flood of fresh keys pushes out the oldest generation, never everything at once.
 */
export class AgingMap<V> {
  private newer = new Map<string, V>();
  private older = new Map<string, V>();
  private turnedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly periodMs: number,
    private readonly capacity: number,
  ) {}

  get(key: string, now: number): V | undefined {
    this.age(now);
    return this.newer.has(key) ? this.newer.get(key) : this.older.get(key);
  }

  set(key: string, value: V, now: number) {
    this.age(now);
    if (this.newer.size >= this.capacity && !this.newer.has(key)) this.turn(now);
    this.newer.set(key, value);
  }

  private age(now: number) {
    const sinceTurn = now - this.turnedAt;
    if (sinceTurn < this.periodMs) return;
    this.turn(now);
    // Two periods on, what was newer was set over a period ago too.
    if (sinceTurn >= 2 * this.periodMs) this.older = new Map();
  }

  private turn(now: number) {
    this.older = this.newer;
    this.newer = new Map();
    this.turnedAt = now;
  }
}
