import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Spinner } from '../../../components/spinner';
import { authTexts } from '../../../features/auth/auth-texts';
import { referralCodeStorage } from '../../../lib/storage';

/** An invitation link: keeps the code for the register form, then shows the landing page. */
export default function ReferralLandingPage() {
  const { refCode } = useParams();
  const navigate = useNavigate();

  useEffect(() => {
    const code = refCode?.trim();
    if (code) referralCodeStorage.set(code);
    navigate('/', { replace: true });
  }, [refCode, navigate]);

  return (
    <main className="flex min-h-screen items-center justify-center gap-3 px-4 text-slate-600" role="status">
      <Spinner />
      <span>{authTexts.processingReferral}</span>
    </main>
  );
}
