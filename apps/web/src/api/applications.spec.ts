import { describe, expect, it, jest } from '@jest/globals';
import { activityPaths, apiPaths } from '@crew/contracts/paths';
import { QueryClient } from '@tanstack/react-query';
import { crewStatsQueryOptions } from './activity';
import { myApplicationsQueryOptions, refreshAfterApplicationChange, voyageApplicationsQueryOptions } from './applications';
import { apiKey } from './contract-client';
import { myVoyagesQueryOptions } from './my-voyages';

describe('application factories', () => {
  it('key each answer by its contract path, so every screen shares one cache entry', () => {
    expect(myApplicationsQueryOptions().queryKey).toEqual(apiKey(apiPaths.myApplications));
    expect(voyageApplicationsQueryOptions('v1').queryKey).toEqual(['/api/voyages/{id}/applications', { id: 'v1' }, {}]);
    expect(crewStatsQueryOptions().queryKey).toEqual(apiKey(activityPaths.myCrewStats));
  });

  it('an application change refreshes both application lists, the skipper’s voyages and the crew stats', async () => {
    const client = new QueryClient();
    const keys: readonly (readonly unknown[])[] = [
      myApplicationsQueryOptions().queryKey,
      voyageApplicationsQueryOptions('v1').queryKey,
      myVoyagesQueryOptions().queryKey,
      crewStatsQueryOptions().queryKey,
    ];
    for (const key of keys) client.setQueryData(key, {});
    client.setQueryData(['unrelated'], {});
    const invalidate = jest.spyOn(client, 'invalidateQueries');
    refreshAfterApplicationChange(client);
    expect(invalidate).toHaveBeenCalled();
    for (const key of keys) expect(client.getQueryState(key)?.isInvalidated).toBe(true);
    expect(client.getQueryState(['unrelated'])?.isInvalidated).toBe(false);
  });
});
