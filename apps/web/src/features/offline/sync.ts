import type { SailingSoonResponse, UserResponse, VoyageTrustResponse } from '@crew/contracts';
import { apiPaths } from '@crew/contracts/paths';
import { offlinePaths, trustPaths } from '@crew/contracts/constants';
import { urlOf } from '../../api/contract-client';
import { asMember } from './outbox';
import {
  clearDevice,
  dropVoyagesExcept,
  readSession,
  storeSharedCopy,
  storeVoyage,
  storedVoyages,
  writeSession,
  type DeviceDatabase,
  type StoredVoyage,
} from './storage/device-store';

/*
 * Keeps on the device, for a signed-in member, every voyage they sail on (skipper or accepted crew) that departs
 * within 30 days or is under way (GET /api/voyages/sailing-soon), with what its pages read: the voyage (its legs),
 * its agreements, crew, float plan (emergency contacts the member may see) and timeline (GET …/trust), the current
 * crew agreement(s), the member and their sailing log. Voyages no longer sailing soon are dropped. Run on opening
 * the app, when the connection returns and from time to time (./start.ts); what is kept: docs/features/offline.md.
 */

export interface RefreshInput {
  readonly db: DeviceDatabase;
  readonly token: string;
  readonly locale: string;
  readonly fetcher?: typeof fetch;
  readonly now?: () => Date;
}

export type RefreshOutcome =
  | { readonly outcome: 'stored'; readonly userId: string; readonly voyages: readonly StoredVoyage[] }
  /** No answer (offline, the server down): what the device keeps stays as it was. */
  | { readonly outcome: 'unreachable' }
  /** The session is no longer accepted: the app signs the member out, which clears the device. */
  | { readonly outcome: 'signed-out' };

class Unreachable extends Error {}
class SignedOut extends Error {}

/** The pages of the app that read each kept answer (what the service worker keeps too). */
export const voyagePagePaths = (voyage: StoredVoyage): string[] => [
  `/voyages/${encodeURIComponent(voyage.id)}`,
  ...voyage.paths.filter((path) => path.startsWith('/api/agreements/')).map((path) => `/agreements/${path.slice('/api/agreements/'.length)}`),
];

export async function refreshDevice({ db, token, locale, fetcher = fetch, now = () => new Date() }: RefreshInput): Promise<RefreshOutcome> {
  /** A GET as the member: the answer's JSON, null when the server refuses it (403, 404: not kept). */
  const get = async <T>(path: string): Promise<T | null> => {
    const response = await fetcher(path, { headers: { accept: 'application/json', 'accept-language': locale, authorization: asMember(token) } }).catch(() => {
      throw new Unreachable();
    });
    if (response.status === 401) throw new SignedOut();
    if (response.status >= 500) throw new Unreachable();
    return response.ok ? ((await response.json()) as T) : null;
  };
  try {
    const me = await get<UserResponse>(apiPaths.me);
    if (!me) return { outcome: 'unreachable' };
    // Another member signed in on this device: nothing of the one before stays.
    const session = await readSession(db);
    if (session && session.userId !== me.id) await clearDevice(db);
    await writeSession(db, { userId: me.id, token, locale });
    const savedAt = now().toISOString();
    await storeSharedCopy(db, apiPaths.me, me, savedAt);
    const sailingLogPath = urlOf(trustPaths.sailingLog, { id: me.id });
    const sailingLog = await get<unknown>(sailingLogPath);
    if (sailingLog) await storeSharedCopy(db, sailingLogPath, sailingLog, savedAt);

    const soon = (await get<SailingSoonResponse>(offlinePaths.sailingSoon)) ?? { voyages: [] };
    for (const voyage of soon.voyages) {
      const voyagePath = urlOf(apiPaths.getVoyage, { id: voyage.id });
      const trustPath = urlOf(trustPaths.voyageTrust, { id: voyage.id });
      const [detail, trust] = await Promise.all([get<unknown>(voyagePath), get<VoyageTrustResponse>(trustPath)]);
      if (!detail) continue;
      // The member's own agreement (crew), or each crew member's (skipper): the current version of each.
      const agreementIds = (trust?.crew ?? []).flatMap((crew) => (crew.agreement ? [crew.agreement.id] : []));
      const agreements = await Promise.all(
        agreementIds.map(async (id) => ({ path: urlOf(trustPaths.agreement, { id }), data: await get<unknown>(urlOf(trustPaths.agreement, { id })) })),
      );
      await storeVoyage(db, { id: voyage.id, title: voyage.title, role: voyage.role, startDate: voyage.estimated_start_date, endDate: voyage.estimated_end_date, savedAt }, [
        { path: voyagePath, data: detail },
        ...(trust ? [{ path: trustPath, data: trust }] : []),
        ...agreements.filter((agreement) => agreement.data !== null),
      ]);
    }
    await dropVoyagesExcept(db, new Set(soon.voyages.map((voyage) => voyage.id)));
    return { outcome: 'stored', userId: me.id, voyages: await storedVoyages(db) };
  } catch (error) {
    if (error instanceof Unreachable) return { outcome: 'unreachable' };
    if (error instanceof SignedOut) return { outcome: 'signed-out' };
    throw error;
  }
}
