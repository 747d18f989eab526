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
 * way (the opener shows it is busy), then `open`. A form that cannot be loaded stays closed.
 */
export function useWithdrawalModalOnDemand() {
  const [loaded, setLoaded] = useState(false);
  const [loading, setLoading] = useState(false);
  const [open, setOpen] = useState(false);
  const request = async () => {
    setLoading(true);
    try {
      await loadWithdrawalModal();
      setLoaded(true);
      setOpen(true);
    } catch (error) {
      console.error('The withdrawal form could not be loaded', error);
    } finally {
      setLoading(false);
    }
  };
  return { loaded, loading, open, request, close: () => setOpen(false) };
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
