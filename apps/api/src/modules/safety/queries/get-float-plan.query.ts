import type { FloatPlanResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { timingSafeEqual } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../../platform/application-error';
import { isUuid } from '../../../platform/http/uuid';
import { DATA_SOURCE } from '../../../platform/tokens';
import { SafetyClock } from '../safety-clock';
import { loadFloatPlan } from '../safety-read-model';

/** A shore contact's private link token: their contact id and the secret key of their row. */
export const floatPlanToken = (contactId: string, linkKey: string): string => `${contactId}.${linkKey}`;

export class GetFloatPlanByToken {
  constructor(readonly token: string) {}
}

/**
 * The float plan as a shore contact reads it through their private link (no
 * account): only while they are a contact of the current plan, and until a few
 * days after its expected arrival (or the voyage is cancelled).
 */
@QueryHandler(GetFloatPlanByToken)
export class GetFloatPlanByTokenHandler implements IQueryHandler<GetFloatPlanByToken, FloatPlanResponse> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly clock: SafetyClock,
  ) {}

  async execute({ token }: GetFloatPlanByToken): Promise<FloatPlanResponse> {
    const notFound = new ApplicationError('not_found', 'FLOAT_PLAN_NOT_FOUND', 'This link is not valid');
    const [contactId, key] = token.split('.');
    if (!contactId || !key || !isUuid(contactId) || key.length > 128) throw notFound;
    const [contact] = await this.dataSource.query<{ voyage_id: string; link_key: string }[]>('SELECT voyage_id, link_key FROM float_plan_contacts WHERE id = $1', [contactId]);
    const given = Buffer.from(key);
    const stored = Buffer.from(contact?.link_key ?? '');
    if (!contact || given.length !== stored.length || !timingSafeEqual(given, stored)) throw notFound;
    const [current] = await this.dataSource.query<{ listed: boolean; status: string }[]>(
      `SELECT f.shore_contact_ids ? $2 AS listed, v.status FROM float_plans f JOIN voyage_summaries v ON v.voyage_id = f.voyage_id WHERE f.voyage_id = $1`,
      [contact.voyage_id, contactId],
    );
    if (!current?.listed) throw new ApplicationError('gone', 'LINK_EXPIRED', 'This float plan link is no longer valid: the skipper filed a new plan without you');
    const plan = await loadFloatPlan(this.dataSource, contact.voyage_id, true);
    if (!plan) throw notFound;
    if (current.status === 'cancelled' || this.clock.now().getTime() > Date.parse(plan.link_expires_at)) {
      throw new ApplicationError('gone', 'LINK_EXPIRED', 'This float plan link has expired: the voyage is over');
    }
    return plan;
  }
}
