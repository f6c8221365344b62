import type { BoatRequest, BoatResponse } from '@crew/contracts';
import type { Boat } from './boat.entity';

export const toBoatResponse = (boat: Boat): BoatResponse => ({
  id: boat.id,
  name: boat.name,
  boat_type: boat.boatType as BoatResponse['boat_type'],
  make_model: boat.makeModel,
  year_built: boat.yearBuilt,
  length_feet: boat.lengthFeet,
  beam_feet: boat.beamFeet,
  draft_feet: boat.draftFeet,
  max_crew: boat.maxCrew,
  capacity: boat.maxCrew,
  berths: boat.berths,
  heads: boat.heads,
  home_port_name: boat.homePortName,
  registration_number: boat.registrationNumber,
  registration_country: boat.registrationCountry as BoatResponse['registration_country'],
  description: boat.description,
  equipment: boat.equipment,
  boat_photo_url: boat.boatPhotoUrl,
  boat_photo_thumbnail_url: boat.boatPhotoThumbnailUrl,
  is_active: boat.isActive,
});

/**
 * The columns a boat request sets (`year` and `capacity` are the form's
 * names). Equipment only when the request carries it; photos never: they have
 * their own upload, which a concurrent save must not undo.
 */
export const boatColumnsOf = (request: BoatRequest): Partial<Boat> => ({
  name: request.name,
  boatType: request.boat_type,
  makeModel: request.make_model,
  yearBuilt: request.year ?? null,
  lengthFeet: request.length_feet,
  beamFeet: request.beam_feet ?? null,
  draftFeet: request.draft_feet ?? null,
  maxCrew: request.capacity,
  berths: request.berths ?? null,
  heads: request.heads ?? null,
  homePortName: request.home_port_name,
  registrationNumber: request.registration_number,
  registrationCountry: request.registration_country ?? null,
  description: request.description,
  isActive: request.is_active,
  ...(request.equipment ? { equipment: request.equipment } : {}),
});
