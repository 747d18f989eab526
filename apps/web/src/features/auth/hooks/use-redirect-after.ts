import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** Once `active`, goes to `path` after `delayMs` (the success views of reset and verification). */
export function useRedirectAfter(active: boolean, path: string, delayMs: number): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!active) return;
    const timer = window.setTimeout(() => navigate(path, { replace: true }), delayMs);
    return () => window.clearTimeout(timer);
  }, [active, path, delayMs, navigate]);
}
