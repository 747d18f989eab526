import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';

/** The pid of a process that has exited: stands for a server that crashed. */
export async function pidOfAnEndedProcess(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await once(child, 'exit');
  return child.pid as number;
}

/** A live process other than this one: stands for another running server. Kill it when done. */
export function sleepingProcess(): ChildProcess {
  return spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
}
