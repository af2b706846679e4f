import { narrowedOnlyBy } from './sql';

interface Filter {
  statuses?: string[];
  currencyIds?: string[];
  trackingIdContains?: string;
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
  limit?: number;
  offset?: string;
}

describe('narrowedOnlyBy', () => {
  const paging: Filter = { sortBy: 'createdAt', sortOrder: 'desc', limit: 10, offset: '0' };

  it('holds when only the named fields and paging are set', () => {
    expect(narrowedOnlyBy<Filter>(paging, ['statuses'])).toBe(true);
    expect(narrowedOnlyBy<Filter>({ ...paging, statuses: ['PAID'] }, ['statuses'])).toBe(true);
    expect(narrowedOnlyBy<Filter>({ ...paging, trackingIdContains: undefined }, ['statuses'])).toBe(true);
  });

  it('fails when any other field narrows, including one it was never told about', () => {
    expect(narrowedOnlyBy<Filter>({ ...paging, currencyIds: ['1'] }, ['statuses'])).toBe(false);
    expect(narrowedOnlyBy<Filter>({ ...paging, trackingIdContains: '' }, ['statuses', 'currencyIds'])).toBe(false);
    const later = { ...paging, addedLater: 'x' } as Filter;
    expect(narrowedOnlyBy<Filter>(later, ['statuses', 'currencyIds'])).toBe(false);
  });
});
