import { useEffect, useRef } from 'react';
import { Spinner } from '../../../components/spinner';
import { authTexts } from '../../../features/auth/auth-texts';
import { recordLinkVisit } from '../../../features/invitations/api/record-link-visit';
import { ApiError } from '../../../lib/api-error';
import { useNavigate, useParams } from '../../../lib/router/router';
import { invitationStorage, referralCodeStorage } from '../../../lib/storage';

/**
 * An invitation link: counts the visit, keeps the code for the register form (session storage, as
 * the spec says, and the invitation with who sent it in local storage, which outlives the tab),
 * then shows the landing page, which greets the visitor by who invited them.
 */
export default function ReferralLandingPage() {
  const { refCode } = useParams();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = refCode?.trim();
    if (!code) {
      navigate('/', { replace: true });
      return;
    }
    referralCodeStorage.set(code);
    recordLinkVisit(code)
      .then((visit) => {
        invitationStorage.set({ code: visit.referralCode, inviterFirstName: visit.inviterFirstName });
        navigate('/', { replace: true });
      })
      .catch((error: unknown) => {
        const refused = error instanceof ApiError && ['INVALID_REFERRAL_CODE', 'VALIDATION_ERROR'].includes(error.code);
        if (refused) {
          referralCodeStorage.clear();
          invitationStorage.clear();
        }
        navigate('/', { replace: true, state: refused ? { invalidInvitation: true } : null });
      });
  }, [refCode, navigate]);

  return (
    <main className="flex min-h-screen items-center justify-center gap-3 px-4 text-slate-600" role="status">
      <Spinner />
      <span>{authTexts.processingReferral}</span>
    </main>
  );
}
