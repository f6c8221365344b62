/** Where the platform reads the time: the wall clock in production, a hand-moved one in tests (unread notices, reminders). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that moves only when told to (tests of the unread notice). */
export class ManualClock implements Clock {
  private at: number;

  constructor(start: Date = new Date()) {
    this.at = start.getTime();
  }

  now(): Date {
    return new Date(this.at);
  }

  advance(ms: number): void {
    this.at += ms;
  }

  set(at: Date): void {
    this.at = at.getTime();
  }
}
