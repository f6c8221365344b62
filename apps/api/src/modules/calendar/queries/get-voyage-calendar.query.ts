import type { Locale } from '@crew/rules';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { mailI18n } from '../../../platform/mail/mail-i18n';
import { localizedUrl } from '../../../platform/mail/mail-links';
import type { Platform } from '../../../platform/platform';
import { isUuid } from '../../../platform/http/uuid';
import { PLATFORM } from '../../../platform/tokens';
import { myApplicationsFor } from '../../voyages/voyage-read-model';
import { mayViewVoyage, voyageNotFound } from '../../voyages/queries/get-voyage.query';
import { readCalendarVoyage, toCalendarVoyage } from '../calendar-read-model';
import { buildVoyageCalendar } from '../ics/voyage-ics';

export class GetVoyageCalendar {
  constructor(
    readonly voyageId: string,
    readonly viewerId: string | null,
    readonly viewerIsAdmin: boolean,
    readonly locale: Locale,
  ) {}
}

export interface VoyageCalendarFile {
  readonly ics: string;
  /** A name for the download, from the voyage's title. */
  readonly filename: string;
  /** The voyage's revision and the language: the same file has the same tag. */
  readonly etag: string;
  readonly lastModified: Date;
  /** Shown to anyone (published, not suspended): caches may keep it; otherwise only its skipper, applicants and administrators see it. */
  readonly isPublic: boolean;
}

/** A file name of plain letters and digits from the title (the download's name only; the calendar keeps the title as written). */
const fileNameOf = (title: string): string => {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')
    .toLowerCase();
  return `${slug || 'voyage'}.ics`;
};

/**
 * A voyage's legs as an iCalendar file, for whoever may see the voyage: the
 * same rule as the voyage's page (mayViewVoyage), and the same 404 for
 * anyone else as for no voyage.
 */
@QueryHandler(GetVoyageCalendar)
export class GetVoyageCalendarHandler implements IQueryHandler<GetVoyageCalendar, VoyageCalendarFile> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async execute({ voyageId, viewerId, viewerIsAdmin, locale }: GetVoyageCalendar): Promise<VoyageCalendarFile> {
    const { dataSource, baseUrl } = this.platform;
    if (!isUuid(voyageId)) throw voyageNotFound();
    const row = await readCalendarVoyage(dataSource, voyageId);
    if (!row) throw voyageNotFound();
    const isPublic = row.status !== 'draft' && !row.suspended && !row.owner_suspended;
    const applied = !isPublic && (await myApplicationsFor(dataSource, viewerId, [voyageId])).has(voyageId);
    if (!mayViewVoyage(row, { id: viewerId, isAdmin: viewerIsAdmin, applied })) throw voyageNotFound();
    const voyage = toCalendarVoyage(row);
    const ics = buildVoyageCalendar(voyage, { i18n: mailI18n(locale), voyageUrl: (id) => localizedUrl(`${baseUrl}/voyages/${id}`, baseUrl, locale) });
    return { ics, filename: fileNameOf(voyage.title), etag: `"${voyage.revision}-${locale}"`, lastModified: voyage.updatedAt, isPublic };
  }
}
