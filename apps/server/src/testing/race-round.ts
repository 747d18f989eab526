import { setTimeout as sleep } from 'node:timers/promises';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** How far apart the tasks of a round start. */
const staggerMs = 4;

/** A racing task: an answer to check, or null where it has none (a job's run). */
export type RaceTask = () => Promise<LightMyRequestResponse | null>;

/** Where task `index` of `count` starts in round `round`: turned by seven a round, backwards every other round. */
function startPosition(round: number, index: number, count: number): number {
  const turned = (index + round * 7) % count;
  return round % 2 === 0 ? turned : count - 1 - turned;
}

/**
 * Runs one round of racing tasks: each round they start in another order, a few milliseconds
 * apart. Whatever the order, no answer is a server error.
 */
export async function raceRound(round: number, tasks: readonly RaceTask[]): Promise<void> {
  const answers = await Promise.all(
    tasks.map(async (task, index) => {
      await sleep(startPosition(round, index, tasks.length) * staggerMs);
      return task();
    }),
  );
  for (const answer of answers) {
    if (answer) expect(answer.statusCode, answer.body).toBeLessThan(500);
  }
}
