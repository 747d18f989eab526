import { useEffect } from 'react';

/** Sets `document.title` to "<page> · Uplink" while the page is shown. */
export function useDocumentTitle(page: string): void {
  useEffect(() => {
    document.title = page ? `${page} · Uplink` : 'Uplink';
  }, [page]);
}
