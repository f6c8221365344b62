import { Injectable, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';

/** Validates (and normalises) a request part with a contract schema; failures become 400 VALIDATION_FAILED. */
@Injectable()
export class ZodValidationPipe<T extends z.ZodType> implements PipeTransform<unknown, z.infer<T>> {
  constructor(private readonly schema: T) {}

  transform(value: unknown): z.infer<T> {
    return this.schema.parse(value ?? {});
  }
}
