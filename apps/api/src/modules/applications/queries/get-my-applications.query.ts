import type { MyApplicationsResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { APPLICATION_SELECT, toApplicationResponse, type ApplicationRow } from '../application-read-model';

export class GetMyApplications {
  constructor(readonly crewId: string) {}
}

/** The signed-in user's applications, newest first. */
@QueryHandler(GetMyApplications)
export class GetMyApplicationsHandler implements IQueryHandler<GetMyApplications, MyApplicationsResponse> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ crewId }: GetMyApplications): Promise<MyApplicationsResponse> {
    const rows = await this.dataSource.query<ApplicationRow[]>(`${APPLICATION_SELECT} WHERE a.crew_id = $1 ORDER BY a.created_at DESC`, [crewId]);
    return { applications: rows.map(toApplicationResponse) };
  }
}
