import { z } from 'zod';

export const healthCheckSchema = z.object({
  status: z.enum(['up', 'down', 'disabled']),
  latency_ms: z.number().optional(),
  detail: z.string().optional(),
});

export const projectionHealthSchema = z.object({
  name: z.string(),
  status: z.enum(['starting', 'standby', 'running', 'error', 'stopped', 'remote']),
  position: z.string().nullable(),
  lag_events: z.number(),
  lag_ms: z.number(),
  last_error: z.string().nullable(),
  parked: z
    .number()
    .int()
    .nonnegative()
    .describe('Events it could not apply and set aside (see `npm run projections -- parked`); any makes health degraded'),
});

export const healthResponseSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    version: z.string(),
    uptime_s: z.number(),
    roles: z.array(z.string()),
    checks: z.record(z.string(), healthCheckSchema),
    projections: z.array(projectionHealthSchema),
    jobs: z.object({ mode: z.enum(['bullmq', 'postgres', 'none']), waiting: z.number(), active: z.number(), failed: z.number() }),
  })
  .meta({ id: 'Health' });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const livenessResponseSchema = z.object({ status: z.literal('ok') }).meta({ id: 'Liveness' });
