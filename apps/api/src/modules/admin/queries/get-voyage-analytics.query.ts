import type { VoyageAnalytics } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';

export class GetVoyageAnalytics {}

/**
 * The Voyage Oversight stat cards (spec "Voyage analytics"): drafts count as
 * voyages; active is planning, active or full and not suspended; departing
 * soon is active and leaving within 30 days; the completion rate is
 * FIGURE_DEFINITIONS.completion_rate (completed over completed and
 * cancelled), as Platform Analytics computes it for its period.
 */
@QueryHandler(GetVoyageAnalytics)
export class GetVoyageAnalyticsHandler implements IQueryHandler<GetVoyageAnalytics, VoyageAnalytics> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute(): Promise<VoyageAnalytics> {
    const [row] = await this.dataSource.query<(Omit<VoyageAnalytics, 'completion_rate'> & { ended: number })[]>(
      `SELECT count(*)::int AS total_voyages,
              count(*) FILTER (WHERE created_at >= date_trunc('month', now()))::int AS new_this_month,
              count(*) FILTER (WHERE status IN ('planning', 'active', 'full') AND NOT suspended)::int AS active_voyages,
              count(*) FILTER (WHERE status IN ('planning', 'active', 'full') AND NOT suspended AND start_date BETWEEN current_date AND current_date + 30)::int AS departure_soon,
              count(*) FILTER (WHERE status = 'completed')::int AS completed_voyages,
              count(*) FILTER (WHERE status IN ('completed', 'cancelled'))::int AS ended,
              coalesce(sum(application_count), 0)::int AS total_applications,
              coalesce(sum(pending_count), 0)::int AS pending_applications
         FROM voyage_summaries`,
    );
    const { ended, ...figures } = row ?? {
      total_voyages: 0,
      new_this_month: 0,
      active_voyages: 0,
      departure_soon: 0,
      completed_voyages: 0,
      ended: 0,
      total_applications: 0,
      pending_applications: 0,
    };
    return { ...figures, completion_rate: ended === 0 ? 0 : Math.round((figures.completed_voyages / ended) * 1000) / 10 };
  }
}
