/** The disk (or the account's quota on it) is full: ENOSPC, EDQUOT, on the error or the one it wraps. */
export function isOutOfSpace(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (code === 'ENOSPC' || code === 'EDQUOT') return true;
    current = current.cause;
  }
  return false;
}
