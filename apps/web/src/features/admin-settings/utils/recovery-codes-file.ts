import { totpIssuer } from '@uplink/contract/admin-totp';
import { formatDateTime } from '@uplink/contract/format';

export const recoveryCodesFileName = 'uplink-recovery-codes.txt';

/** The recovery codes as the downloaded text file: whose they are, when they were made, one per line. */
export function recoveryCodesText(codes: string[], account: string, createdAt: Date): string {
  return [
    `${totpIssuer} recovery codes for ${account}`,
    `Created ${formatDateTime(createdAt)}. Each code signs you in once, in place of an authenticator code.`,
    '',
    ...codes,
    '',
  ].join('\n');
}

/** Offers `text` as a file download from the browser; nothing leaves the machine. */
export function downloadTextFile(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // Freed once the browser has started the download.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
