/** The presenter's access token, kept in localStorage and sent as a Bearer header. */
const KEY = 'screenroom.token';

type Listener = (token: string | null) => void;
const listeners = new Set<Listener>();

export function getToken() {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string | null) {
  try {
    if (token) window.localStorage.setItem(KEY, token);
    else window.localStorage.removeItem(KEY);
  } catch {
    // Private mode without storage: the session lasts as long as the tab.
  }
  for (const listener of listeners) listener(token);
}

export function onTokenChange(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
