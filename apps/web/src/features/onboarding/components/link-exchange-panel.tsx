import { onboardingMessages } from '@uplink/contract/onboarding';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card, CardBody, CardHeader } from '../../../components/card';
import { TextField } from '../../../components/text-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useLinkBingxUid } from '../api/link-bingx-uid';
import { onboardingTexts } from '../onboarding-texts';

/** The spec's rule: a message containing 'successfully' is a success, any other an error. */
const isSuccessMessage = (message: string) => message.includes('successfully');

/** Step 2: the member's BingX UID, checked by the server against the exchange. */
export function LinkExchangePanel({ onLinked }: { onLinked: () => void }) {
  const [uid, setUid] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const link = useLinkBingxUid();
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
      // A server answer shows its message; a failure to get one is the spec's exception text.
      setMessage(
        error instanceof ApiError && error.code !== 'NETWORK_ERROR'
          ? errorMessage(error, onboardingMessages.linkFailed)
          : onboardingMessages.linkException,
      );
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
