/** Local storage keys fixed by the spec (section 9). */
export const ACCESS_TOKEN_KEY = 'access-token';
export const DARK_MODE_KEY = 'darkMode';

export function readJson<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function writeJson(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or disabled: the app keeps working without persistence
  }
}
