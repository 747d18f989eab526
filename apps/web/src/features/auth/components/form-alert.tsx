import { Alert } from '../../../components/alert';

/** The form-level error under an auth card's title, or nothing. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className="mb-5">
      <Alert tone="error">{message}</Alert>
    </div>
  );
}
