import type { JsonObject } from './event';

/**
 * A place in the global log. Two bigints so every event store fits without
 * loss: EventStoreDB's (commit, prepare) position, and PostgreSQL's
 * (transaction id, sequence position). Ordered lexicographically.
 */
export interface LogPosition {
  readonly commit: bigint;
  readonly prepare: bigint;
}

export const LOG_START: LogPosition = Object.freeze({ commit: 0n, prepare: 0n });

export const comparePositions = (a: LogPosition, b: LogPosition): number =>
  a.commit === b.commit ? (a.prepare === b.prepare ? 0 : a.prepare < b.prepare ? -1 : 1) : a.commit < b.commit ? -1 : 1;

export const positionToString = (p: LogPosition): string => `${p.commit}/${p.prepare}`;

export const positionFromString = (text: string): LogPosition => {
  const match = /^(\d+)\/(\d+)$/.exec(text);
  if (!match) throw new Error(`Not a log position: ${text}`);
  return { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) };
};

/** Who caused an event and why: kept on every event, never personal data. */
export interface EventMetadata {
  readonly userId: string | null;
  readonly correlationId: string;
  readonly causationId: string | null;
  readonly timestamp: string;
  /** 'pd1': the values at its aggregate's personal paths are sealed with their member's key (docs/privacy.md). */
  readonly personalData?: 'pd1';
}

/** An event as stored in the log, as projectors and reactors receive it. */
export interface RecordedEvent {
  readonly id: string;
  readonly streamId: string;
  readonly type: string;
  readonly revision: bigint;
  readonly position: LogPosition;
  readonly data: JsonObject;
  readonly metadata: EventMetadata;
  readonly recordedAt: Date;
}
