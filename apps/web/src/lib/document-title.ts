import { useEffect } from 'react';

/** "<page> · Uplink", or "Uplink" for no page. */
export const documentTitleOf = (page: string) => (page ? `${page} · Uplink` : 'Uplink');

/** Sets `document.title` to "<page> · Uplink" while the page is shown. */
export function useDocumentTitle(page: string): void {
  useEffect(() => {
    document.title = documentTitleOf(page);
  }, [page]);
}
