import { Alert } from './alert';
import { Button } from './button';

/** In place of a list that failed to load: the failure and 'Retry'. */
export function LoadError({ title, onRetry }: { title: string; onRetry?: () => void }) {
  return (
    <div className="space-y-3 p-5">
      <Alert tone="error" title={title} />
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
