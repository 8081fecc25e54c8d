/** Keys whose values are secrets: scrubbed from every stored log entry, however deeply nested. */
const SECRET_KEY = /token|otp|passw|secret|authorization|cookie|api[_-]?key|master|^key$|^code$|card/i;

export function redactSecrets(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [
      k,
      SECRET_KEY.test(k) ? '[redacted]' : redactSecrets(v, depth + 1),
    ]),
  );
}
