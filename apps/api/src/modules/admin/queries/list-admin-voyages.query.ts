import { ADMIN_VOYAGES_EXPORT_MAX, ADMIN_VOYAGES_PAGE_SIZE, type AdminVoyageExportResponse, type AdminVoyageListResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { ADMIN_VOYAGE_SELECT, adminVoyageWhere, toAdminVoyage, type AdminVoyageFilters, type AdminVoyageRow } from '../admin-voyage-read-model';

/** A page of 15, or every matching voyage for the CSV export (`page` null). */
export class ListAdminVoyages {
  constructor(
    readonly filters: AdminVoyageFilters,
    readonly page: number | null,
  ) {}
}

@QueryHandler(ListAdminVoyages)
export class ListAdminVoyagesHandler implements IQueryHandler<ListAdminVoyages, AdminVoyageListResponse | AdminVoyageExportResponse> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ filters, page }: ListAdminVoyages): Promise<AdminVoyageListResponse | AdminVoyageExportResponse> {
    const { where, params } = adminVoyageWhere(filters);
    const limit = page === null ? ADMIN_VOYAGES_EXPORT_MAX : ADMIN_VOYAGES_PAGE_SIZE;
    const offset = page === null ? 0 : (page - 1) * ADMIN_VOYAGES_PAGE_SIZE;
    const [rows, [count]] = await Promise.all([
      this.dataSource.query<AdminVoyageRow[]>(`${ADMIN_VOYAGE_SELECT} WHERE ${where} ORDER BY v.created_at DESC, v.voyage_id LIMIT ${limit} OFFSET ${offset}`, params),
      this.dataSource.query<{ total: number }[]>(`SELECT count(*)::int AS total FROM voyage_summaries v WHERE ${where}`, params),
    ]);
    const voyages = rows.map(toAdminVoyage);
    const total = count?.total ?? 0;
    return page === null ? { voyages, total } : { voyages, total, page, page_size: ADMIN_VOYAGES_PAGE_SIZE };
  }
}
