import { errorChain } from './error-chain';

/** The disk (or the account's quota on it) is full: ENOSPC, EDQUOT, on the error or the one it wraps. */
export function isOutOfSpace(error: unknown): boolean {
  for (const current of errorChain(error, 3)) {
    const code = (current as { code?: unknown }).code;
    if (code === 'ENOSPC' || code === 'EDQUOT') return true;
  }
  return false;
}
