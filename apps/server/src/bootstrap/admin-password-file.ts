import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Where a generated administrator password is kept. */
export const adminPasswordFile = (dataDir: string) => path.join(dataDir, 'admin-password.txt');

/** The password file of DATA_DIR when there is one (kept from the start that generated it). */
export function existingAdminPasswordFile(dataDir: string): string | undefined {
  const file = adminPasswordFile(dataDir);
  return existsSync(file) ? file : undefined;
}

/**
 * Keeps a generated administrator password in DATA_DIR/admin-password.txt (readable by the owner
 * only), so it can be found after the start-up output has scrolled away. Written whole or not at
 * all (a new file renamed over the old one). Returns the file, or null when DATA_DIR cannot be
 * written (the banner then is the only place it is shown).
 */
export function keepGeneratedAdminPassword(dataDir: string, password: string): string | null {
  const file = adminPasswordFile(dataDir);
  const written = `${file}.new`;
  try {
    mkdirSync(dataDir, { recursive: true });
    // A file left from an earlier try is replaced, never rewritten: the mode applies to new files only.
    rmSync(written, { force: true });
    writeFileSync(written, `${password}\n`, { mode: 0o600, flag: 'wx' });
    renameSync(written, file);
    return file;
  } catch {
    return null;
  }
}
