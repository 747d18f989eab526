import { describe, expect, it } from 'vitest';
import { statusChoices } from './status-choices';

describe('statusChoices', () => {
  it('offers every status but the current one, in the usual order', () => {
    expect(statusChoices('ACTIVE')).toEqual(['LOCKED', 'DISABLED']);
    expect(statusChoices('LOCKED')).toEqual(['ACTIVE', 'DISABLED']);
    expect(statusChoices('DISABLED')).toEqual(['ACTIVE', 'LOCKED']);
  });
});
