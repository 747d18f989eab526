/** A day range's texts, without the schemas (days.ts forwards them). */

/** A range's `from` after its `to`. */
export const fromAfterTo = 'From must be on or before To';
