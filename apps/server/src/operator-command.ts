import { hostname } from 'node:os';
import { type ParseArgsConfig, parseArgs } from 'node:util';

/** One of the commands an operator runs (`npm run <name>`), as its `--help` describes it. */
export interface OperatorCommand<Options extends ParseArgsConfig['options'] = ParseArgsConfig['options']> {
  /** As typed after `npm run`. */
  name: string;
  /** The command line with its arguments, e.g. `npm run rewards:cycle -- --cycle N [--file statement.csv]`. */
  usage: string;
  /** What it does, in a sentence or two. */
  summary: string;
  /** The settings it reads, and nothing more: `--help` says them. */
  settings: string[];
  options?: Options;
  /** Whether it takes arguments beyond its options (an e-mail, a folder). */
  positionals?: boolean;
  /** Resolves the exit code (0 by default); throws for a failure, which is printed in one line. */
  run(parsed: {
    values: Record<string, string | boolean | undefined>;
    positionals: string[];
  }): Promise<number | undefined>;
}

/** A mistake in how the command was called: its one line, then the usage, exit 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Production writes JSON lines (what log shippers read, as the server's own log); elsewhere plain text. */
const production = () => process.env.NODE_ENV === 'production';

/**
 * Says one thing the command wants an operator to read: a line of text, or in production a JSON
 * line shaped like the server's log (pino's fields: level, time, pid, hostname, msg).
 */
export function commandLine(command: string, level: 'info' | 'warn' | 'error', message: string): string {
  if (!production()) return level === 'info' ? message : `${command}: ${message}`;
  const levels = { info: 30, warn: 40, error: 50 };
  return JSON.stringify({
    level: levels[level],
    time: Date.now(),
    pid: process.pid,
    hostname: hostname(),
    command,
    msg: message,
  });
}

/** An error as one line: its message (the first line of it), never its stack trace. */
export function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]?.trim() || (error instanceof Error ? error.name : 'unknown error');
}

function helpText(command: OperatorCommand): string {
  const options = Object.entries(command.options ?? {}).map(
    ([name, option]) => `--${name}${option.type === 'string' ? ' <value>' : ''}`,
  );
  return [
    `Usage: ${command.usage}`,
    '',
    command.summary,
    '',
    `Reads: ${command.settings.join('; ')}.`,
    ...(options.length > 0 ? [`Options: ${options.join(', ')}, --help`] : ['Options: --help']),
  ].join('\n');
}

/**
 * Runs an operator command: `--help` prints what it does and the settings it reads; a failure is
 * one line on stderr (JSON in production) and exit 1 — a usage mistake exit 2 —, never a stack
 * trace (LOG_LEVEL=debug adds it, for a developer). A command that resolves sets the exit code and
 * lets the process end by itself (the server's start resolves once it listens, and goes on).
 */
export async function runOperatorCommand(command: OperatorCommand): Promise<void> {
  try {
    const parsed = parseArgs({
      args: process.argv.slice(2),
      options: { ...command.options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: command.positionals ?? false,
      strict: true,
    });
    if (parsed.values.help) {
      console.log(helpText(command));
      return;
    }
    process.exitCode = (await command.run(parsed)) ?? 0;
  } catch (error) {
    const usage = error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    console.error(commandLine(command.name, 'error', oneLine(error)));
    if (usage && !production()) console.error(`Usage: ${command.usage} (--help says more)`);
    if (process.env.LOG_LEVEL === 'debug' && error instanceof Error) console.error(error.stack);
    // Exits now: a failed start may hold timers, pools or a log thread that would keep it alive.
    process.exit(usage ? 2 : 1);
  }
}
