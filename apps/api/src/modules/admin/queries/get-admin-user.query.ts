import type { AdminUser } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { userNotFound } from '../admin-audit-log';
import { ADMIN_USER_SELECT, toAdminUser, type AdminUserRow } from '../admin-user-read-model';

/** One member as User Management lists them (the answer to each action on them). */
export class GetAdminUser {
  constructor(readonly userId: string) {}
}

@QueryHandler(GetAdminUser)
export class GetAdminUserHandler implements IQueryHandler<GetAdminUser, AdminUser> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ userId }: GetAdminUser): Promise<AdminUser> {
    const [row] = await this.dataSource.query<AdminUserRow[]>(`${ADMIN_USER_SELECT} WHERE u.id = $1`, [userId]);
    if (!row) throw userNotFound();
    return toAdminUser(row);
  }
}
