import type { VoyageMapResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { voyageColour, voyageWhere, type ParsedListQuery } from '../voyage-read-model';

export class GetVoyageMap {
  constructor(readonly query: ParsedListQuery) {}
}

interface MapRow {
  id: string;
  title: string;
  status: VoyageMapResponse['points'][number]['status'];
  longitude: number;
  latitude: number;
  skipper_name: string;
  duration_days: number | null;
  total_distance_nm: number;
  contribution_type: VoyageMapResponse['points'][number]['contribution_type'];
  contribution_amount: number | null;
  contribution_currency: VoyageMapResponse['points'][number]['contribution_currency'];
  crew_needed: number;
}

/** Every matching voyage with a position, as few fields as a marker and its popup need. */
@QueryHandler(GetVoyageMap)
export class GetVoyageMapHandler implements IQueryHandler<GetVoyageMap, VoyageMapResponse> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ query }: GetVoyageMap): Promise<VoyageMapResponse> {
    const { where, params } = await voyageWhere(this.dataSource, query);
    const rows = await this.dataSource.query<MapRow[]>(
      `SELECT v.voyage_id AS id, v.title, v.status, v.longitude, v.latitude, v.duration_days, v.total_distance_nm,
              coalesce(u.first_name || ' ' || u.last_name, '') AS skipper_name,
              v.contribution_type, v.contribution_amount::float8 AS contribution_amount, v.contribution_currency, v.crew_needed
         FROM voyage_summaries v
         LEFT JOIN users u ON u.id = v.skipper_id
        WHERE ${where} AND v.longitude IS NOT NULL AND v.latitude IS NOT NULL
        ORDER BY v.start_date ASC NULLS LAST, v.voyage_id`,
      params,
    );
    return {
      points: rows.map((row) => ({
        id: row.id,
        title: row.title,
        status: row.status,
        coordinates: [row.longitude, row.latitude],
        color: voyageColour(row.id),
        skipper_name: row.skipper_name,
        estimated_duration_days: row.duration_days,
        total_distance_nm: row.total_distance_nm,
        contribution_type: row.contribution_type,
        contribution_amount: row.contribution_amount,
        contribution_currency: row.contribution_currency,
        total_crew_needed: row.crew_needed,
      })),
    };
  }
}
