import { LogoMark } from './logo';
import { Spinner } from './spinner';

/**
 * The whole page waiting: authentication being resolved, or a screen's code loading on a first
 * visit. The build also writes it into index.html (src/prerender.tsx), so a first visit paints it
 * before any JavaScript has run, and the app's own takes over unchanged.
 */
export function FullPageSpinner() {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-6" role="status" aria-label="Loading">
      <LogoMark className="h-12 w-12" />
      <Spinner size="lg" />
    </div>
  );
}
