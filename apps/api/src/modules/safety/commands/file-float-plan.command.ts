import { randomUUID } from 'node:crypto';
import type { FloatPlanRequest } from '@crew/contracts';
import { Voyage, voyageStreamId } from '@crew/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import type { AggregateRepository, CommandMetadata } from '../../../platform/event-store/aggregate-repository';
import { ApplicationError } from '../../../platform/application-error';
import { isUuid } from '../../../platform/http/uuid';
import { AGGREGATE_REPOSITORY, DATA_SOURCE } from '../../../platform/tokens';
import type { SafetyCommandResult } from './run-voyage-safety-command.command';

type ParsedFloatPlan = Required<Omit<FloatPlanRequest, 'shore_contacts'>> & { shore_contacts: { name: string; email: string; phone: string }[] };

/**
 * The skipper files (a new version of) the voyage's float plan. Shore contacts
 * are personal data: they are kept in `float_plan_contacts` (one row per
 * address and voyage, erased with the skipper's account) and the event names
 * them by id. The plan is decided (skipper, dates, voyage status) before any
 * contact is stored.
 */
export class FileFloatPlan {
  constructor(
    readonly voyageId: string,
    readonly actorId: string,
    readonly plan: ParsedFloatPlan,
    readonly metadata: CommandMetadata,
  ) {}
}

@CommandHandler(FileFloatPlan)
export class FileFloatPlanHandler implements ICommandHandler<FileFloatPlan, SafetyCommandResult> {
  constructor(
    @Inject(AGGREGATE_REPOSITORY) private readonly repository: AggregateRepository,
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
  ) {}

  async execute({ voyageId, actorId, plan, metadata }: FileFloatPlan): Promise<SafetyCommandResult> {
    if (!isUuid(voyageId)) throw new ApplicationError('not_found', 'VOYAGE_NOT_FOUND', 'Voyage not found');
    const { state } = await this.repository.load(Voyage, voyageStreamId(voyageId));
    if (state.deleted || state.status === 'none' || state.status === 'draft' || !state.snapshot) throw new ApplicationError('not_found', 'VOYAGE_NOT_FOUND', 'Voyage not found');
    if (state.snapshot.skipperId !== actorId) throw new ApplicationError('forbidden', 'NOT_VOYAGE_OWNER', 'Only the skipper of this voyage can file its float plan');
    const emails = plan.shore_contacts.map((contact) => contact.email.toLowerCase());
    if (new Set(emails).size !== emails.length) throw new ApplicationError('validation', 'SHORE_CONTACTS_DUPLICATE', 'Each shore contact needs their own email address');
    // Contacts already on this voyage keep their ids; new ones get theirs now, so the plan can be
    // decided before any row is written: a refused plan (say, an arrival already past) leaves nothing behind.
    const known = await this.dataSource.query<{ id: string; email: string }[]>(
      'SELECT id, lower(email) AS email FROM float_plan_contacts WHERE voyage_id = $1 AND lower(email) = ANY($2::text[])',
      [voyageId, emails],
    );
    const idOf = new Map(known.map((row) => [row.email, row.id]));
    const command = (shoreContactIds: string[]) => ({
      type: 'FileFloatPlan' as const,
      actorId,
      plan: {
        segmentOrder: plan.segment_order,
        departureAt: plan.departure_at,
        expectedArrivalAt: plan.expected_arrival_at,
        boatDescription: plan.boat_description,
        callSign: plan.call_sign,
        notes: plan.notes,
      },
      shoreContactIds,
    });
    await this.repository.check(Voyage, voyageStreamId(voyageId), command(emails.map((email) => idOf.get(email) ?? randomUUID())));
    const rows = await this.dataSource.query<{ id: string }[]>(
      `INSERT INTO float_plan_contacts (id, voyage_id, created_by, name, email, phone)
       SELECT c.id, $1, $2, c.name, c.email, c.phone FROM unnest($3::uuid[], $4::text[], $5::text[], $6::text[]) WITH ORDINALITY AS c(id, name, email, phone, n)
       ON CONFLICT (voyage_id, lower(email)) DO UPDATE SET name = EXCLUDED.name, phone = EXCLUDED.phone
       RETURNING id`,
      [
        voyageId,
        actorId,
        emails.map((email) => idOf.get(email) ?? randomUUID()),
        plan.shore_contacts.map((c) => c.name),
        plan.shore_contacts.map((c) => c.email),
        plan.shore_contacts.map((c) => c.phone),
      ],
    );
    const outcome = await this.repository.execute(Voyage, voyageStreamId(voyageId), command(rows.map((row) => row.id)), metadata);
    return { voyageId, position: outcome.position, appended: outcome.appended };
  }
}
