import { type ComponentProps, lazy, Suspense, useState } from 'react';

/**
 * The withdrawal form, with its exact amount check (decimal.js), the API's rules (zod) and the
 * address checksum (@noble/hashes), loads when the member asks for it: ~27 kB brotli the rewards
 * page does not send before it renders.
 */
const loadWithdrawalModal = () => import('./withdrawal-modal');
const WithdrawalModal = lazy(() => loadWithdrawalModal().then((module) => ({ default: module.WithdrawalModal })));

/**
 * Opens the withdrawal form, loading its code on the first request: `loading` while it is on its
 * way (the opener shows it is busy), then `open`. A form that cannot be loaded (the connection
 * dropped) stays closed and `failed` tells the opener, until the next request.
 */
export function useWithdrawalModalOnDemand(load: () => Promise<unknown> = loadWithdrawalModal) {
  const [loaded, setLoaded] = useState(false);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState(false);
  const request = async () => {
    setLoading(true);
    setFailed(false);
    try {
      await load();
      setLoaded(true);
      setOpen(true);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };
  return { loaded, loading, failed, open, request, close: () => setOpen(false) };
}

/** The withdrawal modal once its code has been asked for; nothing before. */
export function WithdrawalModalOnDemand({
  loaded,
  ...props
}: { loaded: boolean } & ComponentProps<typeof WithdrawalModal>) {
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <WithdrawalModal {...props} />
    </Suspense>
  );
}
