import { describe, expect, it } from 'vitest';
import { type ListWording, tableWording } from './paged-table';

const wording: ListWording = {
  caption: 'Rewards',
  emptyTitle: 'No rewards yet',
  emptyDescription: 'Rewards appear here.',
  noneMatching: 'No reward matches these filters.',
};

describe('tableWording', () => {
  it('says what appears in a list that nothing narrows', () => {
    expect(tableWording(wording, false)).toEqual({
      caption: 'Rewards',
      emptyTitle: 'No rewards yet',
      emptyDescription: 'Rewards appear here.',
    });
  });

  it('says that nothing matches while a search or filter is active, under the same title', () => {
    expect(tableWording(wording, true)).toEqual({
      caption: 'Rewards',
      emptyTitle: 'No rewards yet',
      emptyDescription: 'No reward matches these filters.',
    });
  });

  it('takes the title of its own for a filtered list that has one', () => {
    const byLevel = { ...wording, noneMatchingTitle: 'No rewards at level 2' };
    expect(tableWording(byLevel, true).emptyTitle).toBe('No rewards at level 2');
    expect(tableWording(byLevel, false).emptyTitle).toBe('No rewards yet');
  });

  it('says nothing under the title of a filtered list that words no match', () => {
    const { noneMatching: _, ...unfiltered } = wording;
    expect(tableWording(unfiltered, true).emptyDescription).toBeUndefined();
  });
});
