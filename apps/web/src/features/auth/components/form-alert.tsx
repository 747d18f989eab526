import { Alert, type AlertTone } from '../../../components/alert';

/** A message for the whole form under an auth card's title (an error unless told), or nothing. */
export function FormAlert({ message, tone = 'error' }: { message: string | null; tone?: AlertTone }) {
  if (!message) return null;
  return (
    <div className="mb-5">
      <Alert tone={tone}>{message}</Alert>
    </div>
  );
}
