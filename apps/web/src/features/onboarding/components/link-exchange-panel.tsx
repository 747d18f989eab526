import { onboardingMessages } from '@uplink/contract/onboarding-messages';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card, CardBody, CardHeader } from '../../../components/card';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth';
import { errorText, type FailureWording } from '../../../lib/error-text';
import { useLinkBingxUid } from '../api/link-bingx-uid';
import { onboardingTexts } from '../onboarding-texts';

/** The server says 'successfully' only when the UID was linked: such a message is a success, any other an error. */
const isSuccessMessage = (message: string) => message.includes('successfully');

/** A server answer shows its message; a failure to get one, the exception text. */
const linkFailure: FailureWording = {
  noAnswer: onboardingMessages.linkException,
  exception: onboardingMessages.linkException,
};

/** Step 2: the member's BingX UID, checked by the server against the exchange. */
export function LinkExchangePanel({ onLinked }: { onLinked: () => void }) {
  const [uid, setUid] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const link = useLinkBingxUid();
  const { refreshProfile } = useAuth();
  const trimmed = uid.trim();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!trimmed) {
      setMessage(onboardingMessages.uidRequired);
      return;
    }
    setMessage(null);
    try {
      const result = await link.mutateAsync({ bingXUID: trimmed });
      setMessage(result.message || onboardingMessages.linkFailed);
      if (result.success) onLinked();
    } catch (error) {
      // The subscription lapsed since the page loaded: the profile brings the payment step back.
      if (error instanceof ApiError && error.code === 'SUBSCRIPTION_NOT_PAID') void refreshProfile();
      setMessage(errorText(error, linkFailure));
    }
  }

  return (
    <Card>
      <CardHeader
        title={`2. ${onboardingTexts.stepLink}`}
        subtitle="Your subscription is paid. Now link the BingX account you registered through your invitation."
      />
      <CardBody>
        <form onSubmit={handleSubmit} noValidate className="space-y-4">
          <TextField
            label="BingX UID"
            name="bingXUID"
            inputMode="numeric"
            autoComplete="off"
            placeholder="e.g. 12345678"
            value={uid}
            onChange={(event) => {
              setUid(event.target.value);
              setMessage(null);
            }}
            hint={onboardingMessages.uidHelp}
          />
          {message ? <Alert tone={isSuccessMessage(message) ? 'success' : 'error'}>{message}</Alert> : null}
          <Button
            type="submit"
            size="lg"
            className="w-full sm:w-auto"
            disabled={!trimmed || link.isPending}
            busy={link.isPending}
          >
            Link Account
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
