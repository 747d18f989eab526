/**
 * The name of the constraint a PostgreSQL integrity error (class 23: unique, check, foreign key…)
 * reports, so a service can turn "the database refused it" into the domain's answer.
 */
export function violatedConstraint(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  if (typeof code !== 'string' || !code.startsWith('23') || typeof constraint !== 'string') return undefined;
  return constraint;
}

/** A unique violation of that constraint (PostgreSQL 23505). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  return (error as { code?: unknown } | null)?.code === '23505' && violatedConstraint(error) === constraint;
}
