export function initialsOf(person: { firstName: string; lastName: string }): string {
  return `${person.firstName.charAt(0)}${person.lastName.charAt(0)}`.toUpperCase() || 'U';
}

/** A person's initials in a brand-coloured circle; decorative (the name is always shown beside it). */
export function Avatar({ user, size = 'md' }: { user: { firstName: string; lastName: string }; size?: 'md' | 'lg' }) {
  return (
    <span
      aria-hidden="true"
      className={`flex shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand-500 to-brand-700 font-semibold text-white ${size === 'lg' ? 'h-14 w-14 text-lg' : 'h-9 w-9 text-sm'}`}
    >
      {initialsOf(user)}
    </span>
  );
}
