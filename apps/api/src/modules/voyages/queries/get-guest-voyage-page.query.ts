import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ContentEncoding, EncodedBody } from '../../../platform/http/compression';
import type { ParsedListQuery } from '../voyage-read-model';
import { ListVoyagesHandler } from './list-voyages.query';

/** A browse page as a guest sees it, as JSON bytes in `encoding`. */
export class GetGuestVoyagePage {
  constructor(
    readonly query: ParsedListQuery,
    readonly encoding: ContentEncoding,
  ) {}
}

/**
 * Guests all see the same page: the bytes made (and compressed) for the
 * first of them, kept with the list's cached page (ListVoyagesHandler.guestBody).
 */
@QueryHandler(GetGuestVoyagePage)
export class GetGuestVoyagePageHandler implements IQueryHandler<GetGuestVoyagePage, EncodedBody> {
  constructor(private readonly list: ListVoyagesHandler) {}

  execute({ query, encoding }: GetGuestVoyagePage): Promise<EncodedBody> {
    return this.list.guestBody(query, encoding);
  }
}
