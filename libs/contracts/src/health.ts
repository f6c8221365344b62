import { z } from 'zod';

export const healthCheckSchema = z.object({
  status: z.enum(['up', 'down', 'disabled']),
  latency_ms: z.number().optional(),
  detail: z.string().optional(),
});

export const rebuildProgressSchema = z
  .object({
    mode: z.enum(['rebuild', 'verify']),
    state: z.enum(['running', 'interrupted', 'done', 'failed']),
    phase: z.enum(['replaying', 'finishing', 'done', 'failed']),
    events_done: z.number().int().nonnegative(),
    events_total: z.number().int().nonnegative(),
    events_per_second: z.number().nonnegative(),
    seconds_left: z.number().nonnegative().nullable(),
    started_at: z.string(),
    finished_at: z.string().nullable(),
    error: z.string().nullable(),
  })
  .describe(
    'The latest rebuild or verification of this projection (`npm run projections -- rebuild | verify`): events replayed of the log, rate and time left while it runs; interrupted when its process stopped before the end (start it again)',
  );

export const projectionHealthSchema = z.object({
  name: z.string(),
  status: z.enum(['starting', 'standby', 'running', 'error', 'stopped', 'remote']),
  position: z.string().nullable(),
  lag_events: z.number(),
  lag_ms: z.number(),
  last_error: z.string().nullable(),
  parked: z.number().int().nonnegative().describe('Events it could not apply and set aside (see `npm run projections -- parked`); any makes health degraded'),
  rebuild: rebuildProgressSchema.nullable(),
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
