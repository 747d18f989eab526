import { describe, expect, it } from 'vitest';
import { findModuleLoops, moduleOf } from '../scripts/module-loops';

describe('loops between server modules', () => {
  it('names the module of a file, none outside modules/', () => {
    expect(moduleOf('modules/rewards/run-reward-cycle.ts')).toBe('rewards');
    expect(moduleOf('http/error-handler.ts')).toBeNull();
  });

  it('finds a loop no file cycle shows (a → b through one file, b → a through another)', () => {
    const files = {
      'modules/a/one.ts': ['modules/b/two.ts'],
      'modules/b/two.ts': ['db/schema.ts'],
      'modules/b/three.ts': ['modules/a/four.ts'],
      'modules/a/four.ts': [],
      'modules/c/five.ts': ['modules/a/one.ts'],
    };
    expect(findModuleLoops(files)).toEqual([['a', 'b']]);
  });

  it('finds a loop through three modules, and leaves tests out', () => {
    expect(
      findModuleLoops({
        'modules/a/x.ts': ['modules/b/x.ts'],
        'modules/b/x.ts': ['modules/c/x.ts'],
        'modules/c/x.ts': ['modules/a/x.ts'],
      }),
    ).toEqual([['a', 'b', 'c']]);
    expect(
      findModuleLoops({
        'modules/a/x.ts': ['modules/b/x.ts'],
        'modules/b/x.test.ts': ['modules/a/x.ts'],
        'modules/b/y.fixture.ts': ['modules/a/x.ts'],
      }),
    ).toEqual([]);
  });
});
