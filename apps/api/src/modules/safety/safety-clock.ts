import { Injectable } from '@nestjs/common';

/**
 * The time the trust and safety rules read over HTTP (link expiry, check-in
 * times, the 7-day log window). One injectable clock, so tests can move it.
 */
@Injectable()
export class SafetyClock {
  now(): Date {
    return new Date();
  }
}
