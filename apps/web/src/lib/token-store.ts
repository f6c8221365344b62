/** The bearer token lives in local storage so a reload keeps the session. */
const TOKEN_KEY = 'crew.access_token';

type Listener = () => void;
const listeners = new Set<Listener>();

const read = (): string | null => {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
};

export const tokenStore = {
  get: read,
  set(token: string): void {
    window.localStorage.setItem(TOKEN_KEY, token);
    listeners.forEach((listener) => listener());
  },
  clear(): void {
    window.localStorage.removeItem(TOKEN_KEY);
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
