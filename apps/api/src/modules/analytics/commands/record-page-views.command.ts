import { PAGE_VIEWS } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../../platform/application-error';
import { DATA_SOURCE } from '../../../platform/tokens';

export class RecordPageViews {
  constructor(
    readonly sessionId: string,
    readonly views: readonly { path: string; at: string }[],
    readonly now: Date = new Date(),
  ) {}
}

interface Visit {
  start: number;
  end: number;
  /** The end already stored (null: a new visit). */
  storedEnd: number | null;
  views: number;
}

const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Refuses (400) views stamped more than a day before `now` or more than five minutes after it. */
export const checkViewTimes = (views: readonly { at: string }[], now: Date): void => {
  const earliest = now.getTime() - PAGE_VIEWS.maxAgeMs;
  const latest = now.getTime() + PAGE_VIEWS.maxAheadMs;
  const details = views.flatMap((view, index) => {
    const at = Date.parse(view.at);
    return at < earliest || at > latest ? [{ path: `views.${index}.at`, message: 'at must be within the last 24 hours (and not in the future)' }] : [];
  });
  if (details.length > 0) throw new ApplicationError('validation', 'VALIDATION_FAILED', 'Some views are too old or in the future', { details });
};

/*
 * One statement: the views, the visits they open or extend, the browser's
 * days (a new one counts a visitor of that day) and the day counters.
 */
const RECORD_SQL = `
WITH v AS (SELECT * FROM unnest($2::text[], $3::timestamptz[]) AS v(path, viewed_at)),
pv AS (INSERT INTO analytics_page_views (session_id, path, viewed_at) SELECT $1::uuid, path, viewed_at FROM v),
vs AS (
  INSERT INTO analytics_visits (session_id, started_at, ended_at, views)
  SELECT $1::uuid, * FROM unnest($4::timestamptz[], $5::timestamptz[], $6::int[])
  ON CONFLICT (session_id, started_at) DO UPDATE
    SET ended_at = GREATEST(analytics_visits.ended_at, EXCLUDED.ended_at), views = analytics_visits.views + EXCLUDED.views
),
vd AS (
  INSERT INTO analytics_visitor_days (day, session_id)
  SELECT DISTINCT (viewed_at AT TIME ZONE 'UTC')::date, $1::uuid FROM v
  ON CONFLICT DO NOTHING RETURNING day
),
counts AS (
  SELECT day, sum(page_views)::int AS page_views, sum(visitors)::int AS visitors, sum(visits)::int AS visits, sum(visit_seconds)::bigint AS visit_seconds
    FROM (SELECT (viewed_at AT TIME ZONE 'UTC')::date AS day, 1 AS page_views, 0 AS visitors, 0 AS visits, 0::bigint AS visit_seconds FROM v
          UNION ALL SELECT day, 0, 1, 0, 0 FROM vd
          UNION ALL SELECT * FROM unnest($7::date[], $8::int[], $8::int[], $9::int[], $10::bigint[])) t
   GROUP BY day
)
INSERT INTO analytics_engagement_daily (day, page_views, visitors, visits, visit_seconds)
SELECT * FROM counts ORDER BY day
ON CONFLICT (day) DO UPDATE SET page_views = analytics_engagement_daily.page_views + EXCLUDED.page_views,
  visitors = analytics_engagement_daily.visitors + EXCLUDED.visitors, visits = analytics_engagement_daily.visits + EXCLUDED.visits,
  visit_seconds = analytics_engagement_daily.visit_seconds + EXCLUDED.visit_seconds`;

/**
 * Records a beacon of page views: a state write (no event), two statements.
 * The browser's latest visit is read, the views are folded into it or into
 * new visits (a gap of more than 30 minutes starts one; a view from before
 * the latest visit counts as a view only), then everything is written at once.
 * Times must be real and recent: no older than a day, at most five minutes
 * ahead of the server's clock.
 */
@CommandHandler(RecordPageViews)
export class RecordPageViewsHandler implements ICommandHandler<RecordPageViews, number> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ sessionId, views, now }: RecordPageViews): Promise<number> {
    checkViewTimes(views, now);

    const sorted = [...views].map((view) => ({ path: view.path, at: Date.parse(view.at) })).sort((a, b) => a.at - b.at);
    const [stored] = await this.dataSource.query<{ started_at: Date; ended_at: Date }[]>(
      'SELECT started_at, ended_at FROM analytics_visits WHERE session_id = $1 ORDER BY started_at DESC LIMIT 1',
      [sessionId],
    );
    const visits: Visit[] = [];
    let visit: Visit | null = stored ? { start: stored.started_at.getTime(), end: stored.ended_at.getTime(), storedEnd: stored.ended_at.getTime(), views: 0 } : null;
    if (visit) visits.push(visit);
    for (const view of sorted) {
      if (visit && view.at < visit.start) continue;
      if (visit && view.at - visit.end <= PAGE_VIEWS.visitGapMs) {
        visit.end = Math.max(visit.end, view.at);
        visit.views++;
      } else {
        visit = { start: view.at, end: view.at, storedEnd: null, views: 1 };
        visits.push(visit);
      }
    }
    const written = visits.filter((v) => v.views > 0);
    const counters = new Map<string, { visits: number; seconds: number }>();
    for (const v of written) {
      const counter = counters.get(day(v.start)) ?? { visits: 0, seconds: 0 };
      counter.visits += v.storedEnd === null ? 1 : 0;
      counter.seconds += Math.round((v.end - (v.storedEnd ?? v.start)) / 1000);
      counters.set(day(v.start), counter);
    }
    const counted = [...counters.entries()];
    await this.dataSource.query(RECORD_SQL, [
      sessionId,
      sorted.map((view) => view.path),
      sorted.map((view) => new Date(view.at).toISOString()),
      written.map((v) => new Date(v.start).toISOString()),
      written.map((v) => new Date(v.end).toISOString()),
      written.map((v) => v.views),
      counted.map(([d]) => d),
      counted.map(() => 0),
      counted.map(([, c]) => c.visits),
      counted.map(([, c]) => c.seconds),
    ]);
    return views.length;
  }
}
