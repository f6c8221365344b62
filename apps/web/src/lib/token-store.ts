/** The bearer token lives in local storage so a reload keeps the session. */
const TOKEN_KEY = 'crew.access_token';

type Listener = () => void;
const listeners = new Set<Listener>();
/** The token of a session the member is ending themselves (Logout, account deleted), until the page they go to ends it. */
let ending: string | null = null;

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
    ending = null;
    window.localStorage.setItem(TOKEN_KEY, token);
    listeners.forEach((listener) => listener());
  },
  clear(): void {
    ending = null;
    window.localStorage.removeItem(TOKEN_KEY);
    listeners.forEach((listener) => listener());
  },
  /**
   * The member is leaving: the page they go to ends the session once it is on screen. Until then a 401
   * to this token is expected (a deleted account's token no longer works) and must not send them to sign in.
   */
  markEnding(): void {
    ending = read();
  },
  /** The member stays after all (the account could not be deleted): a 401 ends the session again. */
  cancelEnding(): void {
    ending = null;
  },
  isEnding(token: string | null): boolean {
    return token !== null && token === ending;
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
