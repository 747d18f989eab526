import { UnsubscribePanel } from '../../features/unsubscribe/components/unsubscribe-panel';
import { useSearchParams } from '../../lib/router/router';

/** A notice's unsubscribe page: public, the mail's signed link is its only credential. */
export default function UnsubscribePage() {
  const [searchParams] = useSearchParams();
  return <UnsubscribePanel search={searchParams} />;
}
