import { vi } from 'vitest';

/** A browser-like `Storage` kept in memory, for code that keeps the session token. */
function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, String(value)),
  };
}

/** Gives the test fresh, empty `localStorage` and `sessionStorage` (undo with `vi.unstubAllGlobals`). */
export function stubBrowserStorage(): void {
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('sessionStorage', memoryStorage());
}
