import { z } from 'zod';
import { safeText } from './text';
import type { BOAT_EQUIPMENT_LABELS } from './constants';

export const BOAT_TYPES = ['monohull', 'catamaran', 'trimaran', 'motor_yacht', 'motorsailer', 'other'] as const;
export const REGISTRATION_COUNTRIES = ['UK', 'US', 'FR', 'DE', 'NL', 'IT', 'ES', 'AU', 'CA', 'other'] as const;
export const BOAT_EQUIPMENT = {
  safety: ['life_raft', 'epirb', 'first_aid', 'fire_extinguisher', 'life_jackets', 'flares', 'dan_buoy'],
  navigation: ['gps', 'radar', 'autopilot', 'chartplotter', 'compass', 'depth_sounder', 'wind_instruments'],
  comfort: ['heating', 'hot_water', 'wifi', 'air_conditioning', 'washing_machine', 'dishwasher', 'generator'],
} as const;
/** Every equipment code has its label (constants.ts), and every label a code. */
type EquipmentCode = (typeof BOAT_EQUIPMENT)[keyof typeof BOAT_EQUIPMENT][number];
export type EquipmentLabelsCoverCodes = [EquipmentCode] extends [keyof typeof BOAT_EQUIPMENT_LABELS]
  ? [keyof typeof BOAT_EQUIPMENT_LABELS] extends [EquipmentCode]
    ? true
    : never
  : never;
export const equipmentLabelsCoverCodes: EquipmentLabelsCoverCodes = true;

/** Optional number within bounds; empty form fields arrive as null. */
const bounded = (min: number, max: number, message: string, integer = false) => (integer ? z.number().int(message) : z.number()).min(min, message).max(max, message).nullish();

/** A boat. The form sends `year` and `capacity` for year_built and max_crew. */
export const boatRequestSchema = z
  .object({
    name: safeText().trim().min(1, 'Boat name is required').max(100),
    boat_type: z.enum(BOAT_TYPES, { message: 'Boat type is required' }),
    make_model: safeText().trim().max(100).default(''),
    length_feet: z.number({ message: 'Length must be at least 10 feet' }).min(10, 'Length must be at least 10 feet').max(200, 'Length must be at most 200 feet'),
    year: z
      .number()
      .int('Year must be a whole number')
      .min(1950, 'Year must be between 1950 and this year')
      .refine((year) => year <= new Date().getFullYear(), 'Year must be between 1950 and this year')
      .nullish(),
    capacity: z.number().int('Max crew must be a whole number').min(2, 'Max crew must be between 2 and 20').max(20, 'Max crew must be between 2 and 20').default(6),
    beam_feet: bounded(5, 50, 'Beam must be between 5 and 50 feet'),
    draft_feet: bounded(1, 15, 'Draft must be between 1 and 15 feet'),
    berths: bounded(2, 12, 'Berths must be between 2 and 12', true),
    heads: bounded(1, 6, 'Heads must be between 1 and 6', true),
    home_port_name: safeText().trim().max(100).default(''),
    registration_number: safeText().trim().max(50).default(''),
    registration_country: z.enum(REGISTRATION_COUNTRIES).nullish(),
    description: safeText().trim().max(2000).default(''),
    is_active: z.boolean().default(true),
    equipment: z
      .object({
        safety: z.array(z.enum(BOAT_EQUIPMENT.safety)).default([]),
        navigation: z.array(z.enum(BOAT_EQUIPMENT.navigation)).default([]),
        comfort: z.array(z.enum(BOAT_EQUIPMENT.comfort)).default([]),
      })
      .optional(),
  })
  .meta({ id: 'BoatRequest' });
export type BoatRequest = z.infer<typeof boatRequestSchema>;

export const boatSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    boat_type: z.enum(BOAT_TYPES),
    make_model: z.string(),
    year_built: z.number().nullable(),
    length_feet: z.number(),
    beam_feet: z.number().nullable(),
    draft_feet: z.number().nullable(),
    max_crew: z.number(),
    capacity: z.number(),
    berths: z.number().nullable(),
    heads: z.number().nullable(),
    home_port_name: z.string(),
    registration_number: z.string(),
    registration_country: z.enum(REGISTRATION_COUNTRIES).nullable(),
    description: z.string(),
    equipment: z.object({ safety: z.array(z.string()), navigation: z.array(z.string()), comfort: z.array(z.string()) }),
    boat_photo_url: z.string().nullable(),
    boat_photo_thumbnail_url: z.string().nullable(),
    is_active: z.boolean(),
  })
  .meta({ id: 'Boat' });
export type BoatResponse = z.infer<typeof boatSchema>;

export const boatListSchema = z.object({ boats: z.array(boatSchema) }).meta({ id: 'BoatList' });
export const photoResponseSchema = z.object({ photo_url: z.string(), thumbnail_url: z.string() }).meta({ id: 'PhotoResponse' });
export type PhotoResponse = z.infer<typeof photoResponseSchema>;

/** Photos up to 5 MB. */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
