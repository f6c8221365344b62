import { Injectable } from '@nestjs/common';

/**
 * The time the review rules read (the 14-day switch, edit while hidden). One
 * injectable clock so that tests can move time forward without waiting.
 */
@Injectable()
export class ReviewClock {
  now(): Date {
    return new Date();
  }
}
