import type { ApplicationResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../../platform/application-error';
import { DATA_SOURCE } from '../../../platform/tokens';
import { APPLICATION_SELECT, toApplicationResponse, type ApplicationRow } from '../application-read-model';

export class GetApplication {
  constructor(readonly applicationId: string) {}
}

/** One application, as the answer to an action on it (the caller was allowed to act on it). */
@QueryHandler(GetApplication)
export class GetApplicationHandler implements IQueryHandler<GetApplication, ApplicationResponse> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ applicationId }: GetApplication): Promise<ApplicationResponse> {
    const [row] = await this.dataSource.query<ApplicationRow[]>(`${APPLICATION_SELECT} WHERE a.application_id = $1`, [applicationId]);
    if (!row) throw new ApplicationError('not_found', 'APPLICATION_NOT_FOUND', 'Application not found');
    return toApplicationResponse(row);
  }
}
