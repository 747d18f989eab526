import { distance } from 'fastest-levenshtein';

/**
 * Variables every shell, container or npm run sets, some of them a letter or two from one of
 * ours (`HOME` and `HOST`): never taken for a misspelt setting.
 */
const systemVariables = new Set([
  'HOME',
  'HOSTNAME',
  'PWD',
  'OLDPWD',
  'PATH',
  'USER',
  'LOGNAME',
  'SHELL',
  'TERM',
  'LANG',
  'TZ',
  'MAIL',
]);

/**
 * The most letters a name may be off by and still be taken for a misspelling of one of ours: two,
 * but one for our short names, where two edits make another word (`TEST`, which test runners set,
 * is two letters off `HOST`).
 */
function misspellingDistance(name: string): number {
  return name.length < 6 ? 1 : 2;
}

/**
 * Settings an earlier release read and this one does not, with what took their place: left set
 * after an upgrade, they would be ignored without a word.
 */
const retiredSettings: Readonly<Record<string, string>> = {
  MAIL_MAX_ATTEMPTS: 'MAIL_RETRY_HOURS (a mail is now retried while its content is valid, not a number of times)',
};

/**
 * @rule MISSPELT_SETTING
 * A variable that is not one of ours but is at most two edits from one (`DATABSE_URL`), which the
 * operator surely meant (one edit for our names under six letters): the setting they meant would
 * otherwise silently keep its default — the embedded database instead of their PostgreSQL. A
 * retired setting is named with what replaced it. Names are compared in capitals; a name of ours
 * and the variables every environment has are never refused.
 */
export function misspeltSettingProblems(env: NodeJS.ProcessEnv, known: readonly string[]): string[] {
  const ours = new Set(known);
  const problems: string[] = [];
  for (const name of Object.keys(env)) {
    const upper = name.toUpperCase();
    if (ours.has(name) || systemVariables.has(upper) || name.startsWith('npm_')) continue;
    const replacement = retiredSettings[upper];
    if (replacement) {
      problems.push(`${name}: no longer a setting of Uplink; use ${replacement}`);
      continue;
    }
    const meant = known.find(
      (candidate) => candidate !== upper && distance(upper, candidate) <= misspellingDistance(candidate),
    );
    const sameButCase = ours.has(upper);
    if (sameButCase || meant) {
      problems.push(`${name}: not a setting of Uplink; did you mean ${sameButCase ? upper : meant}?`);
    }
  }
  return problems;
}
