import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';

/** Whether an account still exists and its sessions of this token version are still signed in. */
export class IsSessionCurrent {
  constructor(
    readonly userId: string,
    readonly tokenVersion: number,
  ) {}
}

@QueryHandler(IsSessionCurrent)
export class IsSessionCurrentHandler implements IQueryHandler<IsSessionCurrent, boolean> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ userId, tokenVersion }: IsSessionCurrent): Promise<boolean> {
    const [still] = await this.dataSource.query<{ id: string }[]>('SELECT id FROM users WHERE id = $1 AND token_version = $2', [userId, tokenVersion]).catch(() => []);
    return still !== undefined;
  }
}
