/**
 * Group commit: callers submit work and wait for it to be durably written, but the writes of everyone
 * waiting are made together, one transaction per flush. While a flush runs, new submissions gather for
 * the next one, so under load each transaction carries many requests and the database does far fewer
 * round trips and commits; alone, a submission is written at once.
 */
export class GroupCommit<Item, Result> {
  private pending: { item: Item; resolve: (r: Result | Error) => void }[] = [];
  private running = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(
    /** Writes the items in one go; answers one result (or an Error for that item alone) per item, in order. */
    private readonly flush: (items: Item[]) => Promise<(Result | Error)[]>,
    private readonly options: { maxItems: number; maxConcurrent: number },
  ) {}

  submit(item: Item): Promise<Result> {
    return new Promise<Result | Error>((resolve) => {
      this.pending.push({ item, resolve });
      this.drain();
    }).then((result) => {
      if (result instanceof Error) throw result;
      return result;
    });
  }

  /** Resolves once nothing is pending or being written. */
  idle() {
    if (this.running === 0 && this.pending.length === 0) return Promise.resolve();
    return new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  private drain() {
    while (this.running < this.options.maxConcurrent && this.pending.length > 0) {
      const group = this.pending.splice(0, this.options.maxItems);
      this.running++;
      void this.run(group).finally(() => {
        this.running--;
        this.drain();
        if (this.running === 0 && this.pending.length === 0) {
          for (const resolve of this.idleWaiters.splice(0)) resolve();
        }
      });
    }
  }

  private async run(group: { item: Item; resolve: (r: Result | Error) => void }[]) {
    try {
      const results = await this.flush(group.map((g) => g.item));
      for (const [i, g] of group.entries()) g.resolve(results[i] ?? new Error('No result for this item'));
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      for (const g of group) g.resolve(failure);
    }
  }
}
