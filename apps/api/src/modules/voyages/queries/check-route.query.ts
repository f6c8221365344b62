import type { RouteCheckResponse } from '@crew/contracts';
import { greatCircleNm, type Coordinates } from '@crew/domain';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { crossesLand } from '../land-crossing';

/** The legs of a route given as its stops, measured as the server measures a published voyage. */
export class CheckRoute {
  constructor(readonly points: readonly Coordinates[]) {}
}

@QueryHandler(CheckRoute)
export class CheckRouteHandler implements IQueryHandler<CheckRoute, RouteCheckResponse> {
  execute({ points }: CheckRoute): Promise<RouteCheckResponse> {
    const legs = points.slice(1).map((to, index) => {
      const from = points[index] as Coordinates;
      return { distance_nm: Math.round(greatCircleNm(from, to)), crosses_land: crossesLand(from, to) };
    });
    return Promise.resolve({ legs });
  }
}
