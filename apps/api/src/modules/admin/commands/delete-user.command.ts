import { MESSAGING_SERVICES, type MessagingServices } from '../../messaging/messaging-services';
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import type { DeleteUserResponse } from '@crew/contracts';
import { UNDERWAY_STATUSES, Voyage, voyageStreamId, type LogPosition } from '@crew/domain';
import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import type { AggregateRepository, CommandMetadata } from '../../../platform/event-store/aggregate-repository';
import { ApiError } from '../../../platform/http/api-error';
import { UPLOADS_PREFIX, type PhotoStore } from '../../../platform/uploads/photo-store';
import { AGGREGATE_REPOSITORY, DATA_SOURCE, PHOTO_STORE } from '../../../platform/tokens';
import { adminProtected, recordAdminAction, targetUser } from '../admin-audit-log';
import { EraseRequesterTickets } from '../../support/commands/erase-requester-tickets.command';

export class DeleteUser {
  constructor(
    readonly userId: string,
    readonly metadata: CommandMetadata,
  ) {}
}

export interface DeleteUserResult {
  readonly deleted: DeleteUserResponse['deleted_records'];
  readonly position: LogPosition | null;
  readonly streamId: string;
}

/** The files of a stored photo (`/uploads/<id>.webp` and its `-thumb`), inside the uploads folder only. */
function photoFiles(directory: string, url: string | null): string[] {
  if (!url?.startsWith(UPLOADS_PREFIX)) return [];
  const name = path.basename(url);
  if (!/^[0-9a-f-]{36}(-thumb)?\.webp$/.test(name)) return [];
  const base = name.replace(/(-thumb)?\.webp$/, '');
  return [path.join(directory, `${base}.webp`), path.join(directory, `${base}-thumb.webp`)];
}

/**
 * Deleting a user (PRODUCT.md): refused for administrators, oneself, and
 * while the user skippers a voyage still to sail with accepted crew (409
 * with the counts). Otherwise: their pending applications are withdrawn
 * and their voyages cancelled (applicants notified) and deleted, as events
 * of each voyage; their photos leave the uploads folder; the mails recorded
 * to them, and the mails that quoted them to skippers, are erased; then the
 * account row goes, and with it (ON DELETE CASCADE) their credentials,
 * tokens, boats, application messages, subscription, admin messages, and
 * every conversation they are in with its messages (both sides), their blocks
 * and the reports they made or that named their messages; their open message
 * streams are ended in every API process. The
 * events hold ids only, so no read model rebuilt from the log brings a name back.
 */
@CommandHandler(DeleteUser)
export class DeleteUserHandler implements ICommandHandler<DeleteUser, DeleteUserResult> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(AGGREGATE_REPOSITORY) private readonly repository: AggregateRepository,
    @Inject(MESSAGING_SERVICES) private readonly messaging: MessagingServices,
    @Inject(PHOTO_STORE) private readonly photos: PhotoStore,
    private readonly commands: CommandBus,
  ) {}

  async execute({ userId, metadata }: DeleteUser): Promise<DeleteUserResult> {
    if (userId === metadata.userId) throw new ApiError(403, 'CANNOT_DELETE_SELF', 'You cannot delete your own account');
    const user = await targetUser(this.dataSource, userId);
    if (user.isAdmin || user.userType === 'admin') throw adminProtected('be deleted');

    const voyages = await this.dataSource.query<{ voyage_id: string; status: string; accepted: number }[]>(
      `SELECT v.voyage_id, v.status,
              (SELECT count(*)::int FROM applications a WHERE a.voyage_id = v.voyage_id AND a.status = 'accepted') AS accepted
         FROM voyage_summaries v WHERE v.skipper_id = $1`,
      [userId],
    );
    const crewed = voyages.filter((v) => (UNDERWAY_STATUSES as readonly string[]).includes(v.status) && v.accepted > 0);
    if (crewed.length > 0) {
      const accepted = crewed.reduce((sum, v) => sum + v.accepted, 0);
      throw new ApiError(409, 'USER_HAS_ACTIVE_CREW', `This user skippers ${crewed.length} active voyage(s) with ${accepted} accepted crew member(s)`, undefined, {
        reason: 'The user skippers active voyages with accepted crew; cancel or complete them first',
        active_voyages: crewed.length,
        accepted_applications: accepted,
      });
    }

    // Their applications to other skippers' voyages: pending ones are withdrawn (on their behalf, by the admin).
    const applications = await this.dataSource.query<{ application_id: string; voyage_id: string; status: string }[]>(
      'SELECT application_id, voyage_id, status FROM applications WHERE crew_id = $1',
      [userId],
    );
    for (const application of applications.filter((a) => a.status === 'pending')) {
      await this.repository
        .execute(Voyage, voyageStreamId(application.voyage_id), { type: 'WithdrawApplication', actorId: userId, applicationId: application.application_id }, metadata)
        .catch((error: unknown) => {
          // Decided meanwhile (or its voyage deleted): nothing left to withdraw.
          if (!(error instanceof Error && 'kind' in error)) throw error;
        });
    }
    // Their voyages: cancelled (applicants told) and deleted. The domain checks the accepted crew again.
    for (const voyage of voyages) {
      await this.repository.execute(
        Voyage,
        voyageStreamId(voyage.voyage_id),
        { type: 'DeleteVoyage', actorId: metadata.userId ?? '', reason: 'Skipper account deleted', because: 'skipper_erased' },
        metadata,
      );
    }

    // Their support tickets: closed, and the text they wrote no longer shown (SupportTicketRequesterErased).
    await this.commands.execute(new EraseRequesterTickets(userId, metadata));

    const files = await this.dataSource.query<{ url: string | null }[]>(
      `SELECT profile_photo_url AS url FROM users WHERE id = $1
       UNION ALL SELECT boat_photo_url FROM boats WHERE owner_id = $1
       UNION ALL SELECT boat_photo_thumbnail_url FROM boats WHERE owner_id = $1`,
      [userId],
    );
    const [{ boats }] = await this.dataSource.query<{ boats: number }[]>('SELECT count(*)::int AS boats FROM boats WHERE owner_id = $1', [userId]);

    await this.dataSource.transaction(async (manager) => {
      const [person] = await manager.query<{ full_name: string; email: string }[]>(`SELECT first_name || ' ' || last_name AS full_name, email FROM users WHERE id = $1`, [userId]);
      const quoted = await manager.query<{ message: string }[]>('SELECT message FROM application_messages WHERE crew_id = $1', [userId]);
      // Mails to them go entirely; mails to others that named or quoted them keep only that they were sent.
      await manager.query('DELETE FROM email_messages WHERE recipient_id = $1', [userId]);
      const needles = [person?.full_name, person?.email, ...quoted.map((q) => q.message)].filter((n): n is string => Boolean(n && n.trim().length >= 3));
      if (needles.length > 0) {
        await manager.query(
          `UPDATE email_messages SET subject = '(erased)', text_body = '(erased: the person it named was deleted)', html_body = '', recipient = recipient
            WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) AS n(needle)
                           WHERE strpos(email_messages.text_body, n.needle) > 0 OR strpos(email_messages.subject, n.needle) > 0 OR strpos(email_messages.html_body, n.needle) > 0)`,
          [needles],
        );
      }
      await manager.query('DELETE FROM users WHERE id = $1', [userId]);
    });
    // Their open message streams end in every API process.
    await this.messaging.endStreams([userId]);
    const directory = this.photos.directory;
    await Promise.all(files.flatMap((file) => photoFiles(directory, file.url)).map((file) => unlink(file).catch(() => undefined)));

    const deleted = { applications: applications.length, voyages: voyages.length, boats };
    const written = await recordAdminAction(this.repository, metadata, {
      subjectType: 'user',
      subjectId: userId,
      action: 'user.deleted',
      reason: '',
      details: deleted,
    });
    return { deleted, ...written };
  }
}
