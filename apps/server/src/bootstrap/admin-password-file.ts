import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Keeps a generated administrator password in DATA_DIR/admin-password.txt (readable by the owner
 * only), so it can be found after the start-up output has scrolled away. Returns the file, or
 * null when DATA_DIR cannot be written (the banner then is the only place it is shown).
 */
export function keepGeneratedAdminPassword(dataDir: string, password: string): string | null {
  const file = path.join(dataDir, 'admin-password.txt');
  try {
    mkdirSync(dataDir, { recursive: true });
    // A file left from an earlier database is replaced, never rewritten: the mode applies to new files only.
    rmSync(file, { force: true });
    writeFileSync(file, `${password}\n`, { mode: 0o600, flag: 'wx' });
    return file;
  } catch {
    return null;
  }
}
