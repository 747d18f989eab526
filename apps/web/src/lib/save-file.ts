import type { DownloadedFile } from './api-client';

/** Hands a downloaded file to the browser's own download, under the name the server gave it. */
export function saveFile(file: DownloadedFile): void {
  const url = URL.createObjectURL(file.content);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
