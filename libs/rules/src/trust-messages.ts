/** A check-in's position out of range. */
export const POSITION_MESSAGES = { latitudeInvalid: 'Latitude must be between -90 and 90', longitudeInvalid: 'Longitude must be between -180 and 180' } as const;
