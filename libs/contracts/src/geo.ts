import { z } from 'zod';
import { safeText } from './text';

export const SAILING_REGIONS = [
  'Mediterranean',
  'Caribbean',
  'Channel/North Sea',
  'Baltic',
  'North Atlantic',
  'South Atlantic',
  'Pacific',
  'Indian Ocean',
  'Southern Ocean',
  'Arctic',
] as const;
export type SailingRegion = (typeof SAILING_REGIONS)[number];

export const PORT_TYPES = ['commercial_port', 'harbour', 'marina'] as const;

/** q from 2 characters, 8 results by default. */
export const portSearchQuerySchema = z
  .object({
    q: safeText().trim().min(2, 'Type at least 2 characters').max(100),
    limit: z.coerce.number().int().min(1).max(25).default(8),
    major_only: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
  })
  .meta({ id: 'PortSearchQuery' });
export type PortSearchQuery = z.infer<typeof portSearchQuerySchema>;

/**
 * A port search result, named in the request's language (Accept-Language;
 * English by default): `name` is the name sailors use in that language where
 * the data has one (Ýdra is "Hydra" in English, "Idra" in Italian), else the
 * port's own; `local_name` is the name in the place's own language when it
 * differs from `name` (null otherwise); `country` and `full_name` ("name,
 * country") name the country in that language too.
 */
export const portSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    // Always answered; the default keeps answers recorded before it had this field readable.
    local_name: z.string().nullable().default(null),
    full_name: z.string(),
    country: z.string(),
    city: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    sailing_region: z.enum(SAILING_REGIONS),
    port_type: z.enum(PORT_TYPES),
    is_major_port: z.boolean(),
  })
  .meta({ id: 'Port' });
export type Port = z.infer<typeof portSchema>;

export const portSearchResponseSchema = z.object({ ports: z.array(portSchema) }).meta({ id: 'PortSearchResponse' });
export type PortSearchResponse = z.infer<typeof portSearchResponseSchema>;
