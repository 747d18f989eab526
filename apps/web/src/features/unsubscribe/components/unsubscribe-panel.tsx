import {
  noticeKindLabels,
  type UnsubscribeLink,
  unsubscribeLinkSchema,
  unsubscribeTexts,
} from '@uplink/contract/notifications';
import { Alert } from '../../../components/alert';
import { Button, ButtonLink } from '../../../components/button';
import { AuthCard } from '../../../components/layouts/auth-card';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-error';
import { errorText, type FailureWording } from '../../../lib/error-text';
import { useUnsubscribeLink } from '../api/get-unsubscribe-link';
import { useUnsubscribeByLink } from '../api/unsubscribe-by-link';

/** A link the server does not recognise as its own is refused in the page's words, not the catalogue's. */
const linkFailure: FailureWording = {
  codes: { INVALID_OR_EXPIRED_TOKEN: unsubscribeTexts.refused, VALIDATION_ERROR: unsubscribeTexts.refused },
};
const refusedLink = (error: unknown) =>
  error instanceof ApiError && (error.code === 'INVALID_OR_EXPIRED_TOKEN' || error.code === 'VALIDATION_ERROR');

/**
 * Why nothing was turned off: the link is refused (malformed without `error`, or altered, or another
 * mail's), or the call failed otherwise (no answer, too many tries) and may be tried again.
 */
function Failure({ error }: { error?: unknown }) {
  const refused = error === undefined || refusedLink(error);
  return (
    <Alert tone="error" title={refused ? 'This link cannot turn anything off' : 'Nothing was turned off'}>
      {error === undefined ? unsubscribeTexts.refused : errorText(error, linkFailure)}
    </Alert>
  );
}

/**
 * The page a notice's body links to (`/unsubscribe?m=…&k=…&s=…`), for a reader who is not signed
 * in: it says which notices the link turns off and whether they are still on, and turns them off
 * only when its button is pressed (a link scanner that opens the page changes nothing).
 */
export function UnsubscribePanel({ search }: { search: URLSearchParams }) {
  const parsed = unsubscribeLinkSchema.safeParse(Object.fromEntries(search));
  return (
    <AuthCard
      title={unsubscribeTexts.title}
      footer={
        <ButtonLink to="/profile" variant="ghost" size="sm">
          {unsubscribeTexts.profile}
        </ButtonLink>
      }
    >
      {parsed.success ? <LinkState link={parsed.data} /> : <Failure />}
    </AuthCard>
  );
}

function LinkState({ link }: { link: UnsubscribeLink }) {
  const state = useUnsubscribeLink(link);
  const unsubscribe = useUnsubscribeByLink();

  if (unsubscribe.isSuccess) {
    const { kind, alreadyOff } = unsubscribe.data;
    return (
      <Alert tone="success" title={alreadyOff ? 'Already off' : 'Unsubscribed'}>
        {alreadyOff ? unsubscribeTexts.alreadyOff(kind) : unsubscribeTexts.done(kind)}
      </Alert>
    );
  }
  if (state.isPending) {
    return (
      <div className="flex items-center justify-center gap-3 py-6 text-slate-600 text-sm" role="status">
        <Spinner />
        <span>Checking your link…</span>
      </div>
    );
  }
  if (state.isError) return <Failure error={state.error} />;
  if (!state.data.on) {
    return (
      <Alert tone="info" title="Already off">
        {unsubscribeTexts.alreadyOff(state.data.kind)}
      </Alert>
    );
  }
  return (
    <div className="space-y-4">
      <p className="font-semibold text-slate-900">{unsubscribeTexts.question(link.k)}</p>
      <p className="text-slate-600 text-sm">{noticeKindLabels[link.k].description}.</p>
      <p className="text-slate-500 text-sm">{unsubscribeTexts.essential}</p>
      {unsubscribe.isError ? <Failure error={unsubscribe.error} /> : null}
      <Button size="lg" className="w-full" busy={unsubscribe.isPending} onClick={() => unsubscribe.mutate(link)}>
        {unsubscribeTexts.turnOff}
      </Button>
    </div>
  );
}
