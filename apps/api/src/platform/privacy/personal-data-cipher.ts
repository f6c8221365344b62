import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { isUuid, valueAt, withValueAt, type Aggregate, type DataPath, type DomainEvent, type EventMetadata, type JsonObject, type RecordedEvent } from '@crew/domain';
import type { MemberDataKeys } from './member-data-keys';

/** What a value sealed with a key since destroyed reads as, everywhere (read models, rebuilds, exports). */
export const REMOVED_TEXT = '(removed)';

/** `pd1.<member id>.<base64url of iv ‖ tag ‖ ciphertext>`: AES-256-GCM, the member id bound in as associated data. */
const SEALED = /^pd1\.([0-9a-fA-F-]{36})\.([A-Za-z0-9_-]+)$/;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export const seal = (key: Buffer, memberId: string, text: string): string => {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(memberId));
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return `pd1.${memberId}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
};

/** The member a sealed value belongs to, or null when the value is not sealed. */
export const sealedBy = (value: unknown): string | null => (typeof value === 'string' ? (SEALED.exec(value)?.[1] ?? null) : null);

/** The text of a sealed value, or REMOVED_TEXT when the key is gone or the value does not open with it. */
export const open = (key: Buffer | null, value: string): string => {
  const [, memberId, body] = SEALED.exec(value) ?? [];
  if (memberId === undefined || body === undefined || !key) return REMOVED_TEXT;
  try {
    const bytes = Buffer.from(body, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(memberId));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    // A damaged value never stops a reader: it reads as removed.
    return REMOVED_TEXT;
  }
};

type AnyAggregate = Aggregate<unknown, unknown, DomainEvent>;

/**
 * Seals the personal values of events as they are appended and opens them as
 * they are read (docs/privacy.md). Which values, and whose, the aggregates
 * state (`personalData`); an event marked `personalData: 'pd1'` in its
 * metadata holds sealed values at those paths, and only there.
 */
export class PersonalDataCipher {
  private readonly aggregates: readonly AnyAggregate[];

  constructor(
    readonly keys: MemberDataKeys,
    aggregates: readonly Aggregate<never, never, never>[],
  ) {
    this.aggregates = aggregates as unknown as AnyAggregate[];
  }

  /** The personal paths of an event of any aggregate that has them. */
  pathsOf(event: DomainEvent): readonly DataPath[] {
    for (const aggregate of this.aggregates) if (aggregate.personalData && aggregate.isEvent(event)) return aggregate.personalData.paths(event);
    return [];
  }

  /**
   * The event's data with its personal values sealed with their member's key
   * (a member whose key is destroyed: the value is stored as removed), and
   * the metadata marked; unchanged when the event has none.
   */
  async sealEvent(
    aggregate: AnyAggregate,
    streamId: string,
    event: DomainEvent,
    stateAfter: unknown,
    metadata: EventMetadata,
  ): Promise<{ data: JsonObject; metadata: EventMetadata }> {
    const personal = aggregate.personalData;
    const paths = personal ? personal.paths(event) : [];
    const memberId = personal && paths.length > 0 ? personal.subject(event, stateAfter) : null;
    // Members are named by their uuid; anything else (a fixture's name) is nobody's key to hold.
    if (!memberId || !isUuid(memberId)) return { data: event.data, metadata };
    const key = await this.keys.keyFor(memberId);
    if (key) await this.keys.noteStream(memberId, streamId);
    let data = event.data;
    for (const path of paths) {
      const value = valueAt(data, path);
      if (typeof value === 'string') data = withValueAt(data, path, key ? seal(key, memberId, value) : REMOVED_TEXT);
    }
    return { data, metadata: { ...metadata, personalData: 'pd1' } };
  }

  /** The events with their sealed values opened (one key lookup for the batch). */
  async openEvents(events: readonly RecordedEvent[]): Promise<RecordedEvent[]> {
    const sealed = events.filter((event) => event.metadata.personalData === 'pd1');
    if (sealed.length === 0) return [...events];
    const members = new Set<string>();
    const pathsById = new Map<string, readonly DataPath[]>();
    for (const event of sealed) {
      const paths = this.pathsOf(event);
      pathsById.set(event.id, paths);
      for (const path of paths) {
        const member = sealedBy(valueAt(event.data, path));
        if (member) members.add(member);
      }
    }
    const keys = await this.keys.keysOf(members);
    return events.map((event) => {
      const paths = pathsById.get(event.id);
      if (!paths) return event;
      let data = event.data;
      for (const path of paths) {
        const value = valueAt(data, path);
        const member = sealedBy(value);
        if (member) data = withValueAt(data, path, open(keys.get(member) ?? null, value as string));
      }
      return data === event.data ? event : { ...event, data };
    });
  }
}
