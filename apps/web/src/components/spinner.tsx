const sizes = { sm: 'h-4 w-4 border-2', md: 'h-6 w-6 border-2', lg: 'h-10 w-10 border-4' } as const;

export function Spinner({ size = 'md', className = '' }: { size?: keyof typeof sizes; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block animate-spin rounded-full border-brand-600 border-t-transparent ${sizes[size]} ${className}`}
    />
  );
}
