import { ReinstateUserHandler, SuspendUserHandler } from './commands/suspend-user.command';
import { GetMonetizationImpactHandler } from './queries/get-monetization-impact.query';

/** Handlers of User Management's suspensions and of the monetization impact preview. */
export const adminHandlers = [SuspendUserHandler, ReinstateUserHandler, GetMonetizationImpactHandler];
