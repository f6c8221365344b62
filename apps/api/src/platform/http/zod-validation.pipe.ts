import { Injectable, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { ApiError } from './api-error';

/** Validates (and normalises) a request part with a contract schema; failures become 400 VALIDATION_FAILED. */
@Injectable()
export class ZodValidationPipe<T extends z.ZodType> implements PipeTransform<unknown, z.infer<T>> {
  constructor(private readonly schema: T) {}

  transform(value: unknown): z.infer<T> {
    return this.schema.parse(value ?? {});
  }
}

/**
 * Validates like ZodValidationPipe, but answers any failure with one plain
 * sentence of the route's own (status 400 and its code), never the schema's
 * field-by-field text: for a link a member followed from a mail (say, an
 * unsubscribe link cut short), where "user: Invalid …" would mean nothing to them.
 */
@Injectable()
export class LinkValidationPipe<T extends z.ZodType> implements PipeTransform<unknown, z.infer<T>> {
  constructor(
    private readonly schema: T,
    private readonly code: string,
    private readonly message: string,
  ) {}

  transform(value: unknown): z.infer<T> {
    const parsed = this.schema.safeParse(value ?? {});
    if (!parsed.success) throw new ApiError(400, this.code, this.message);
    return parsed.data;
  }
}
