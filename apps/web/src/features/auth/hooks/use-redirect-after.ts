import { useEffect } from 'react';
import { useNavigate } from '../../../lib/router/router';

/**
 * Once `active`, goes to `path` after `delayMs` (the success views of reset and verification),
 * with `state` for the screen it opens (what it should say on arrival).
 */
export function useRedirectAfter(active: boolean, path: string, delayMs: number, state?: SignInArrival): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!active) return;
    const timer = window.setTimeout(() => navigate(path, { replace: true, state }), delayMs);
    return () => window.clearTimeout(timer);
  }, [active, path, delayMs, navigate, state]);
}

/** What the sign-in screen is told by the screen that sent the member there. */
export interface SignInArrival {
  /** The member's address was just verified: the sign-in screen says so. */
  emailVerified?: boolean;
}

/** The arrival of a member whose address was just verified (one object: the redirect's effect keeps it). */
export const arrivalAfterVerification: SignInArrival = { emailVerified: true };
