import { type Config, isLoopbackHost } from '../config';

/**
 * The loud start-up warning for dev tools reachable from other machines (DEV_TOOLS on a
 * non-loopback address): the mailbox needs no sign-in and shows every reset link, so whoever
 * reaches the server can take over any account, the administrator's included. Null otherwise.
 */
export function devToolsWarning(config: Pick<Config, 'devToolsEnabled' | 'host' | 'publicUrl'>): string | null {
  if (!config.devToolsEnabled || isLoopbackHost(config.host)) return null;
  const lines = [
    `WARNING: DEV TOOLS ARE ON AND REACHABLE FROM OTHER MACHINES (HOST=${config.host})`,
    '',
    `${config.publicUrl}/dev/mailbox needs no sign-in and shows every e-mail, password reset`,
    'links included: anyone who can reach this server can take over any account, the',
    "administrator's too. /api/dev/demo-pay is open as well.",
    '',
    'Unset DEV_TOOLS (or listen on 127.0.0.1) unless this machine is private to you.',
  ];
  const width = Math.max(...lines.map((line) => line.length)) + 6;
  const rule = '!'.repeat(width);
  return [rule, ...lines.map((line) => `!! ${line.padEnd(width - 6)} !!`), rule].join('\n');
}
