import { ApplicationError } from '../../platform/application-error';

/** Another member's boat answers as if it did not exist. */
export const boatNotFound = (): ApplicationError => new ApplicationError('not_found', 'BOAT_NOT_FOUND', 'Boat not found');
