import { Spinner } from './spinner';

/** The whole page waiting: authentication being resolved, or a screen's code loading on a first visit. */
export function FullPageSpinner() {
  return (
    <div className="flex min-h-screen items-center justify-center" role="status" aria-label="Loading">
      <Spinner size="lg" />
    </div>
  );
}
