/**
 * The commands of a release: each is compiled into apps/server/dist (build-server.ts) and named
 * in the release's package.json (release-folder.ts), so that an operator runs them in the release
 * folder with production dependencies only, as docs/deployment.md says (`npm run <name>`), and
 * `npm run check:release` runs each there.
 */
export const releaseCommands = {
  /** The server: the API, the web app and the background jobs. */
  'start:prod': { source: 'src/main.ts', compiled: 'main' },
  /** The pending migrations alone, as a deploy step before the new release starts. */
  'db:migrate': { source: 'src/db/migrate-cli.ts', compiled: 'migrate' },
  /** Every ledger account against its entries; exits 1 on a discrepancy. */
  'ledger:check': { source: 'scripts/ledger-check.ts', compiled: 'ledger-check' },
  /** Distributes a finished reward cycle (`-- --cycle N [--file statement.csv]`). */
  'rewards:cycle': { source: 'scripts/rewards-cycle.ts', compiled: 'rewards-cycle' },
} as const;

export type ReleaseCommand = keyof typeof releaseCommands;

/** How the release's package.json runs a command: its compiled file, with node. */
export function releaseScript(command: ReleaseCommand): string {
  const run = `node apps/server/dist/${releaseCommands[command].compiled}.js`;
  // The server replaces npm's shell, so that a process manager's signals reach it.
  return command === 'start:prod' ? `exec ${run}` : run;
}
