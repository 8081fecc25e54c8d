const KEY = 'screenroom.device';

/** This browser's device id (anonymous links count one viewer per person and device). */
export function deviceId() {
  try {
    const known = window.localStorage.getItem(KEY);
    if (known && /^[A-Za-z0-9_-]{16,64}$/.test(known)) return known;
    const made = crypto.randomUUID().replaceAll('-', '');
    window.localStorage.setItem(KEY, made);
    return made;
  } catch {
    // No storage (private mode): a new device each visit.
    return crypto.randomUUID().replaceAll('-', '');
  }
}
