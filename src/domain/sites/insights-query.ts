/**
 * `aggregateSiteEvents` over the events Quire keeps: page feedback. A query groups events by dimensions (`groupBy`),
 * computes counts for each group (`select`), filters events and groups (`where`), orders and cuts the rows; the answer
 * is one column of values per dimension and count, row by row. Columns of what Quire does not keep (visitors' devices,
 * places, referrers, links, searches...) are refused with a 400 naming them: they have no value to count. Event types
 * other than feedback are never kept, so they count zero.
 */
import type { PageFeedbackRating, SiteFeedbackRecord } from '../../model/index.js';
import { DAY } from '../core/clock.js';
import { invalidInput } from '../core/errors.js';

export type RangePreset = 'lastYear' | 'last3Months' | 'last30Days' | 'last7Days' | 'last24Hours';
export type Operator = 'in' | 'notIn' | 'greaterThan' | 'greaterThanOrEqual' | 'lessThan' | 'lessThanOrEqual';

export interface ColumnRef {
  column: string;
  interval?: 'hour' | 'day' | 'week' | 'month';
}

export interface ColumnFilter {
  column: string;
  values: readonly unknown[];
  operator?: Operator;
}

/** `SiteInsightsQueryEventsAggregation`. */
export interface AggregationQuery {
  select?: readonly ColumnRef[];
  where?: readonly ColumnFilter[];
  groupBy?: readonly ColumnRef[];
  order?: { by: ColumnRef; direction: 'asc' | 'desc' };
  range: RangePreset | { from: string; to: string };
  limit?: number;
}

/** `SiteInsightsQueryEventsAggregationResult`. */
export interface AggregationResult {
  columns: Array<{ column: string; values: unknown[] }>;
}

/** A kept event as queries read it: with its type and the section its site space is in. */
export interface FeedbackEvent extends SiteFeedbackRecord {
  sectionId: string | null;
}

export const FEEDBACK_EVENT_TYPES = ['page_post_feedback', 'page_post_feedback_comment'] as const;

const eventType = (e: SiteFeedbackRecord) => (e.comment === null ? FEEDBACK_EVENT_TYPES[0] : FEEDBACK_EVENT_TYPES[1]);

const PRESET_DAYS: Record<RangePreset, number> = { lastYear: 365, last3Months: 90, last30Days: 30, last7Days: 7, last24Hours: 1 };

/** The range as ISO timestamps, both ends included. */
export function rangeOf(range: AggregationQuery['range'], now: Date): { from: string; to: string } {
  if (typeof range === 'string') {
    const days = PRESET_DAYS[range];
    if (days === undefined) throw invalidInput(`range: unknown range ${JSON.stringify(range)}`);
    return { from: new Date(now.getTime() - days * DAY).toISOString(), to: now.toISOString() };
  }
  const from = timeOf(range.from, 'range.from');
  const to = timeOf(range.to, 'range.to');
  if (from > to) throw invalidInput('range: from is after to');
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

function timeOf(value: unknown, field: string): number {
  const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(time)) throw invalidInput(`${field}: ${JSON.stringify(value)} is not a date-time`);
  return time;
}

type Value = string | number | null | Record<string, unknown>;

const DIMENSIONS: Record<string, (e: FeedbackEvent, ref: ColumnRef) => Value> = {
  datetime: (e, ref) => bucket(e.createdAt, ref.interval),
  dayOfWeek: (e) => ((new Date(e.createdAt).getUTCDay() + 6) % 7) + 1,
  hourOfDay: (e) => new Date(e.createdAt).getUTCHours(),
  eventType,
  siteSection: (e) => e.sectionId,
  siteSpace: (e) => e.siteSpaceId,
  page: (e) => ({ page: e.pageId, space: e.spaceId }),
  eventPageFeedbackRating: (e) => e.rating,
  // The column's values are strings: a rating sent without a comment has the empty one.
  eventPageFeedbackComment: (e) => e.comment ?? '',
};

const distinct = (values: string[]) => new Set(values.filter((v) => v !== '')).size;

const METRICS: Record<string, (group: readonly FeedbackEvent[]) => Value> = {
  eventsCount: (g) => g.length,
  sessionsCount: (g) => distinct(g.map((e) => e.sessionId)),
  visitorsCount: (g) => distinct(g.map((e) => e.visitorId)),
  // Ratings of `page_post_feedback` events: a comment event repeats the rating it follows.
  pageFeedbackRating: (g) => {
    const counts: Record<PageFeedbackRating, number> = { ok: 0, good: 0, bad: 0 };
    for (const e of g) if (e.comment === null) counts[e.rating]++;
    return counts;
  },
};

/** Filters that compare: on these dimensions and on the counts. */
const ORDERED = new Set(['datetime', 'dayOfWeek', 'hourOfDay', 'eventsCount', 'sessionsCount', 'visitorsCount']);

const refKey = (ref: ColumnRef) => (ref.column === 'datetime' ? `datetime:${ref.interval ?? ''}` : ref.column);

function kind(ref: ColumnRef, field: string): 'dimension' | 'metric' {
  if (Object.hasOwn(DIMENSIONS, ref.column)) return 'dimension';
  if (Object.hasOwn(METRICS, ref.column)) return 'metric';
  throw invalidInput(
    `${field}: ${ref.column} is not kept: this server records page feedback events only (their site space, page, rating, comment, time and session)`,
  );
}

interface Plan {
  groupBy: ColumnRef[];
  /** The result's columns: the dimensions grouped by, then the counts selected. */
  columns: ColumnRef[];
  eventFilters: Array<(e: FeedbackEvent) => boolean>;
  groupFilters: Array<(row: Row) => boolean>;
  /** Every count the query reads: selected, filtered on or ordered by. */
  metrics: Set<string>;
  order?: { key: string; column: ColumnRef; descending: boolean };
  limit: number;
}

interface Row {
  dimensions: Map<string, Value>;
  metrics: Map<string, Value>;
}

/** The query checked and made ready to run; a 400 naming the field for anything it cannot answer. */
export function planQuery(query: AggregationQuery): Plan {
  const groupBy: ColumnRef[] = [];
  (query.groupBy ?? []).forEach((ref, i) => {
    if (kind(ref, `groupBy.${i}`) === 'metric') throw invalidInput(`groupBy.${i}: ${ref.column} is a count: select it, grouped by dimensions`);
    if (!groupBy.some((g) => refKey(g) === refKey(ref))) groupBy.push(ref);
  });
  const grouped = new Set(groupBy.map(refKey));
  const select = query.select?.length ? query.select : [{ column: 'eventsCount' }];
  const columns = [...groupBy];
  const metrics = new Set<string>();
  select.forEach((ref, i) => {
    if (kind(ref, `select.${i}`) === 'dimension') {
      if (!grouped.has(refKey(ref))) throw invalidInput(`select.${i}: ${ref.column} is a dimension: it must also be in groupBy`);
      return;
    }
    if (!metrics.has(ref.column)) columns.push({ column: ref.column });
    metrics.add(ref.column);
  });

  const eventFilters: Plan['eventFilters'] = [];
  const groupFilters: Plan['groupFilters'] = [];
  (query.where ?? []).forEach((filter, i) => {
    const field = `where.${i}`;
    const operator = filter.operator ?? 'in';
    const ref = { column: filter.column };
    if (kind(ref, field) === 'metric') {
      if (!ORDERED.has(filter.column)) throw invalidInput(`${field}: ${filter.column} cannot be filtered on`);
      metrics.add(filter.column);
      const test = matcher(filter, operator, field);
      groupFilters.push((row) => test(row.metrics.get(filter.column) ?? null));
    } else {
      const test = matcher(filter, operator, field);
      const value = DIMENSIONS[filter.column]!;
      eventFilters.push((e) => test(value(e, ref)));
    }
  });

  let order: Plan['order'];
  if (query.order) {
    const { by, direction } = query.order;
    if (kind(by, 'order.by') === 'dimension' && !grouped.has(refKey(by))) throw invalidInput(`order.by: ${by.column} must also be in groupBy`);
    if (Object.hasOwn(METRICS, by.column)) metrics.add(by.column);
    order = { key: refKey(by), column: by, descending: direction === 'desc' };
  }
  const limit = query.limit ?? 1000;
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw invalidInput('limit: must be an integer from 1 to 1000');
  return { groupBy, columns, eventFilters, groupFilters, metrics, ...(order ? { order } : {}), limit };
}

/** A test of one value against a filter's values. */
function matcher(filter: ColumnFilter, operator: Operator, field: string): (value: Value) => boolean {
  if (operator === 'in' || operator === 'notIn') {
    const wanted = new Set(filter.values.map((v) => keyOf(normalized(filter.column, v, field))));
    return operator === 'in' ? (value) => wanted.has(keyOf(value)) : (value) => !wanted.has(keyOf(value));
  }
  if (!ORDERED.has(filter.column)) throw invalidInput(`${field}.operator: ${operator} compares dates, days, hours and counts, not ${filter.column}`);
  if (filter.values.length !== 1) throw invalidInput(`${field}.values: ${operator} compares with one value; got ${filter.values.length}`);
  const bound = sortKey(normalized(filter.column, filter.values[0], `${field}.values.0`));
  const compare = (value: Value) => {
    const key = sortKey(value);
    return key < bound ? -1 : key > bound ? 1 : 0;
  };
  switch (operator) {
    case 'greaterThan':
      return (value) => compare(value) > 0;
    case 'greaterThanOrEqual':
      return (value) => compare(value) >= 0;
    case 'lessThan':
      return (value) => compare(value) < 0;
    default:
      return (value) => compare(value) <= 0;
  }
}

/** A filter's value as the dimension gives it: a date as an ISO timestamp, a page as `{page, space}`. */
function normalized(column: string, value: unknown, field: string): Value {
  if (value === null) return null;
  if (column === 'datetime') return new Date(timeOf(value, field)).toISOString();
  if (column === 'page' && typeof value === 'object') {
    const { page, space } = value as { page?: unknown; space?: unknown };
    return { page: page ?? null, space: space ?? null };
  }
  return value as Value;
}

const keyOf = (value: unknown) => JSON.stringify(value);

/** What rows are ordered by (ISO timestamps order as text): a page by its space and id, ratings by good less bad. */
function sortKey(value: Value): string | number {
  if (value === null) return Number.NEGATIVE_INFINITY;
  if (typeof value !== 'object') return value;
  if ('good' in value) return Number(value.good) - Number(value.bad);
  return `${String(value.space)}/${String(value.page)}`;
}

function bucket(iso: string, interval: ColumnRef['interval']): string {
  if (!interval) return iso;
  const d = new Date(iso);
  if (interval === 'hour') d.setUTCMinutes(0, 0, 0);
  else d.setUTCHours(0, 0, 0, 0);
  if (interval === 'week') d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  if (interval === 'month') d.setUTCDate(1);
  return d.toISOString();
}

/** The answer to a planned query over the events of its range. */
export function runQuery(plan: Plan, events: readonly FeedbackEvent[]): AggregationResult {
  const groups = new Map<string, { dimensions: Map<string, Value>; events: FeedbackEvent[] }>();
  for (const e of events) {
    if (!plan.eventFilters.every((test) => test(e))) continue;
    const dimensions = new Map(plan.groupBy.map((ref) => [refKey(ref), DIMENSIONS[ref.column]!(e, ref)]));
    const key = keyOf([...dimensions.values()]);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { dimensions, events: [] }));
    group.events.push(e);
  }
  // Without dimensions there is one row, counts of zero included.
  if (!plan.groupBy.length && !groups.size) groups.set('', { dimensions: new Map(), events: [] });
  let rows: Row[] = [...groups.values()].map((g) => ({
    dimensions: g.dimensions,
    metrics: new Map([...plan.metrics].map((m) => [m, METRICS[m]!(g.events)])),
  }));
  rows = rows.filter((row) => plan.groupFilters.every((test) => test(row)));
  const valueIn = (row: Row, ref: ColumnRef) => (row.dimensions.has(refKey(ref)) ? row.dimensions.get(refKey(ref))! : (row.metrics.get(ref.column) ?? null));
  const byKeys = (a: Row, b: Row) => {
    for (const ref of plan.groupBy) {
      const order = compareValues(valueIn(a, ref), valueIn(b, ref));
      if (order) return order;
    }
    return 0;
  };
  const { order } = plan;
  rows.sort(order ? (a, b) => (order.descending ? -1 : 1) * compareValues(valueIn(a, order.column), valueIn(b, order.column)) || byKeys(a, b) : byKeys);
  rows = rows.slice(0, plan.limit);
  return { columns: plan.columns.map((ref) => ({ column: ref.column, values: rows.map((row) => valueIn(row, ref)) })) };
}

function compareValues(a: Value, b: Value): number {
  const x = sortKey(a);
  const y = sortKey(b);
  if (typeof x === typeof y) return x < y ? -1 : x > y ? 1 : 0;
  return typeof x === 'number' ? -1 : 1;
}
