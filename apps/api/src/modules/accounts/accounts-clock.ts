import { Injectable } from '@nestjs/common';

/**
 * The time account links are issued and checked at: the wall clock, one
 * injectable so a test can move it. Not the platform's clock, which a test
 * may move hours ahead for other contexts' notices while links it issued by
 * hand must still be live.
 */
@Injectable()
export class AccountsClock {
  now(): Date {
    return new Date();
  }
}
