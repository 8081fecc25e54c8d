/**
 * The error and the ones it wraps (`cause`), outermost first, at most `depth` of them: a driver's or the
 * file system's error often arrives wrapped (Drizzle wraps node-postgres's, a step wraps a write's).
 */
export function* errorChain(error: unknown, depth = 4): Generator<Error> {
  let current: unknown = error;
  for (let level = 0; level < depth && current instanceof Error; level++) {
    yield current;
    current = current.cause;
  }
}
