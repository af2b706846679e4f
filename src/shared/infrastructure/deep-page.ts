/*
 * Deep pages of a list sorted by creation, started at the UTC day their first row lies in. OFFSET
 * walks every skipped entry of the sort's index (50,000 at page 5,000); a list that keeps counts of
 * its rows per UTC month and per UTC day (kept by triggers in the same statement as every write)
 * finds that day from running sums of a few dozen counts instead, and skips fewer than one day's
 * rows. The counts and the rows are read in one statement, so one snapshot: the page is exactly
 * the one OFFSET would give.
 */

/** From this offset on, a page sorted by creation skips whole days by their counts. */
export const DAY_SKIP_OFFSET = 1000;

/** One level of a list's counts: its table, its period column (a date), and the conditions picking the rows that match the list's filters. */
export interface PeriodCounts {
  table: string;
  column: string;
  where: string[];
}

/**
 * The start of a deep page: `ctes` (named `month` and `day`) to put in the page statement's WITH,
 * `edge`, the condition on `createdAt` (the rows' creation time) that starts the scan at the edge
 * of the page's day, and `skip`, the rows still to skip from there (instead of `offset`, a bigint
 * expression). The month is found first (a dozen counts a year), then the day inside it.
 */
export function dayStartedPage(
  counts: { months: PeriodCounts; days: PeriodCounts },
  createdAt: string,
  descending: boolean,
  offset: string,
): { ctes: string; edge: string; skip: string } {
  const edgeOf = descending ? 'min' : 'max';
  const inOrder = descending ? 'DESC' : 'ASC';
  // Per period, the matching rows of the periods before it in the list's order. Those within the
  // offset are a prefix of that order; the page starts in its last period, after the rows before.
  const startOf = ({ table, column, where }: PeriodCounts, skipped: string) =>
    `SELECT ${edgeOf}(${column}) AS start, max(before) AS before FROM (
       SELECT ${column}, ${skipped} + coalesce(sum(n) OVER (ORDER BY ${column} ${inOrder}
                                                ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
         FROM (SELECT ${column}, sum(n) AS n FROM ${table} WHERE ${where.join(' AND ')} GROUP BY ${column}) periods) c
      WHERE before <= ${offset}`;
  const { months, days } = counts;
  const month = startOf(months, '0');
  const day = startOf(
    {
      ...days,
      where: [
        ...days.where,
        `${days.column} >= (SELECT start FROM month)`,
        `${days.column} < (SELECT start FROM month) + interval '1 month'`,
      ],
    },
    '(SELECT before FROM month)',
  );
  const edge = descending
    ? `${createdAt} < coalesce((SELECT (start + 1)::timestamp AT TIME ZONE 'UTC' FROM day), 'infinity')`
    : `${createdAt} >= coalesce((SELECT start::timestamp AT TIME ZONE 'UTC' FROM day), '-infinity')`;
  return {
    ctes: `month AS MATERIALIZED (${month}), day AS MATERIALIZED (${day})`,
    edge,
    skip: `${offset} - coalesce((SELECT before FROM day), 0)`,
  };
}

/**
 * Where a page of a list with period counts (one table, a `period` of 'month' or 'day' and a
 * `period_start` per bucket) starts: at the list's start, `offset` rows on; or for a deep page
 * (sorted by creation, at least DAY_SKIP_OFFSET rows in, narrowed only by what the counts key on:
 * `counts.serves`) at the UTC day its first row lies in. `counts.buckets` binds the conditions on
 * the counts, only for a deep page. `ctes` goes before the page statement, `edge` after the list's
 * WHERE, `skip` is the OFFSET (`offset`, bound).
 */
export function periodCountedPageStart(
  page: { readonly sortBy: string; readonly sortOrder: 'asc' | 'desc'; readonly offset: string },
  counts: { table: string; serves: boolean; buckets: () => string[] },
  offset: string,
): { ctes: string; edge: string; skip: string } {
  const deep = page.sortBy === 'createdAt' && counts.serves && BigInt(page.offset) >= BigInt(DAY_SKIP_OFFSET);
  if (!deep) return { ctes: '', edge: '', skip: offset };
  const buckets = counts.buckets();
  const start = dayStartedPage(
    {
      months: { table: counts.table, column: 'period_start', where: [...buckets, `period = 'month'`] },
      days: { table: counts.table, column: 'period_start', where: [...buckets, `period = 'day'`] },
    },
    'created_at',
    page.sortOrder !== 'asc',
    `${offset}::bigint`,
  );
  return { ctes: `WITH ${start.ctes}`, edge: ` AND ${start.edge}`, skip: start.skip };
}
