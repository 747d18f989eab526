import { invitationTexts } from '@uplink/contract/invitation-texts';
import { Link, useLocation } from 'react-router';
import { invitationStorage } from '../../../lib/storage';

/**
 * Under the navigation bar of the landing page: who invited the visitor, with the way to register,
 * for as long as the invitation is kept; or that the link they followed names nobody.
 */
export function InvitationBanner() {
  const location = useLocation();
  const invalid = (location.state as { invalidInvitation?: boolean } | null)?.invalidInvitation === true;
  const invitation = invitationStorage.get();
  if (invalid) {
    return (
      <div role="alert" className="bg-amber-50 px-4 pt-20 pb-3 text-center text-amber-900 text-sm sm:pt-24">
        {invitationTexts.invalidLink}
      </div>
    );
  }
  if (!invitation) return null;
  return (
    <section
      aria-label="Your invitation"
      className="bg-brand-50 px-4 pt-20 pb-4 text-center text-brand-900 sm:pt-24"
      data-testid="invitation-banner"
    >
      <p className="font-semibold">{invitationTexts.invitedBy(invitation.inviterFirstName)}</p>
      <p className="mt-1 text-brand-800 text-sm">
        {invitationTexts.invitationKept}{' '}
        <Link to="/register" className="font-semibold underline hover:text-brand-900">
          Create your account
        </Link>
      </p>
    </section>
  );
}
