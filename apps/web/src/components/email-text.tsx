/**
 * An e-mail address that wraps where a reader expects it to: before the `@`, so the domain stays
 * whole ("ada.lovelace" / "@example.com", never "example.co" / "m"). Only a part wider than the
 * whole line is broken inside.
 */
export function EmailText({ email, className = '' }: { email: string; className?: string }) {
  const at = email.lastIndexOf('@');
  return (
    <span className={`break-words ${className}`}>
      {at > 0 ? (
        <>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </>
      ) : (
        email
      )}
    </span>
  );
}
