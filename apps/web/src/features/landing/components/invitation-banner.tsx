import { invitationTexts } from '@uplink/contract/invitation-texts';
import { AppLink } from '../../../components/app-link';
import { useHydrated } from '../../../hooks/use-hydrated';
import { invitationStorage } from '../../../lib/storage';

/**
 * Under the navigation bar of the landing page: who invited the visitor, with the way to register,
 * for as long as the invitation is kept; or that the link they followed names nobody. The kept
 * invitation is read once the page is hydrated: the prerendered page has none.
 */
export function InvitationBanner({ invalidInvitation = false }: { invalidInvitation?: boolean }) {
  const hydrated = useHydrated();
  const invitation = hydrated ? invitationStorage.get() : null;
  if (invalidInvitation) {
    return (
      <div role="alert" className="bg-ink-950 px-4 pt-20 pb-3 text-center text-amber-200 text-sm sm:pt-24">
        {invitationTexts.invalidLink}
      </div>
    );
  }
  if (!invitation) return null;
  return (
    <section
      aria-label="Your invitation"
      className="border-white/10 border-b bg-ink-950 px-4 pt-20 pb-4 text-center text-white sm:pt-24"
      data-testid="invitation-banner"
    >
      <p className="font-semibold text-brand-200">{invitationTexts.invitedBy(invitation.inviterFirstName)}</p>
      <p className="mt-1 text-slate-300 text-sm">
        {invitationTexts.invitationKept}{' '}
        <AppLink to="/register" className="font-semibold text-brand-300 underline hover:text-brand-200">
          Create your account
        </AppLink>
      </p>
    </section>
  );
}
