import { INVALID_IF_MATCH } from '@crew/contracts';
import { ApiError } from './api-error';

/**
 * The revisions an `If-Match` header accepts, for resources whose ETag is
 * their stream revision (`"12"`). Undefined when the header is absent or `*`
 * (no precondition). A weak tag (`W/"12"`) is read as its revision too, since
 * the revision is what it names; a tag that names no revision matches nothing.
 */
export function revisionsFromIfMatch(header: string | string[] | undefined): bigint[] | undefined {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value === undefined || value.trim() === '' || value.trim() === '*') return undefined;
  const tags = value.split(',').map((tag) => tag.trim());
  if (tags.some((tag) => !/^(W\/)?"[^"]*"$/.test(tag))) {
    throw new ApiError(400, INVALID_IF_MATCH, 'If-Match must be * or a list of quoted entity tags, as sent in ETag');
  }
  return tags.flatMap((tag) => {
    const revision = /^(?:W\/)?"(\d{1,19})"$/.exec(tag)?.[1];
    return revision === undefined ? [] : [BigInt(revision)];
  });
}

/** The ETag of a resource at a stream revision. */
export const revisionEtag = (revision: string | bigint): string => `"${revision.toString()}"`;
