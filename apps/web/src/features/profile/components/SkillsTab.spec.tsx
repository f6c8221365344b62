import { SKILL_GROUPS, SKILL_GROUP_LABELS, SKILL_TAXONOMY, VOYAGE_SKILL_CATALOGUE } from '@crew/contracts';
import { describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '../../../testing/user-fixture';
import { SkillsTab } from './SkillsTab';

const renderTab = (crewSkills: Parameters<typeof makeUser>[0] = {}) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SkillsTab user={makeUser(crewSkills)} onSaved={() => undefined} />
    </QueryClientProvider>,
  );

describe('SkillsTab: the crew skills picker', () => {
  it('offers every skill a voyage can ask for, grouped, with the taxonomy labels', () => {
    renderTab();
    for (const group of SKILL_GROUPS) expect(screen.getByRole('group', { name: SKILL_GROUP_LABELS[group] })).toBeInTheDocument();
    // Every label the voyage form suggests is a checkbox here.
    for (const label of VOYAGE_SKILL_CATALOGUE) expect(screen.getByRole('checkbox', { name: label })).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox')).toHaveLength(SKILL_TAXONOMY.length);
    for (const label of ['Navigation', 'Line Handling', 'Mooring', 'Knot Tying']) expect(screen.getByRole('checkbox', { name: label })).toBeInTheDocument();
    // Labels come from the list, never from a capitalised code.
    expect(screen.getByRole('checkbox', { name: 'GPS/Electronics' })).toBeInTheDocument();
    expect(screen.queryByText('Gps electronics')).toBeNull();
    expect(screen.queryByText('Galley cooking')).toBeNull();
  });

  it('shows a profile saved with older codes ticked under their groups', () => {
    renderTab({
      crew_skills: { navigation: ['chart_plotting', 'gps_electronics'], sailing: ['spinnaker'], technical: [], safety: [], galley: ['galley_cooking'], experience: ['solo_watch'] },
    });
    const navigation = within(screen.getByRole('group', { name: SKILL_GROUP_LABELS.navigation }));
    expect(navigation.getByRole('checkbox', { name: 'Chart Plotting' })).toBeChecked();
    expect(navigation.getByRole('checkbox', { name: 'GPS/Electronics' })).toBeChecked();
    expect(navigation.getByRole('checkbox', { name: 'Navigation' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Spinnaker Handling' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Cooking' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Solo Watchkeeping' })).toBeChecked();
  });

  it('saves the ticked skills as taxonomy keys, in the list order, under their groups', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    globalThis.fetch = jest.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(init?.body ? JSON.parse(String(init.body)) : undefined);
      return { ok: true, status: 200, json: async () => makeUser() } as Response;
    }) as unknown as typeof fetch;
    renderTab({ crew_skills: { navigation: ['chart_plotting'], sailing: [], technical: [], safety: [], galley: [], experience: [] } });
    await user.click(screen.getByRole('checkbox', { name: 'Mooring' }));
    await user.click(screen.getByRole('checkbox', { name: 'Line Handling' }));
    await user.click(screen.getByRole('checkbox', { name: 'Navigation' }));
    await user.click(screen.getByRole('button', { name: 'Save Skills' }));
    expect(await screen.findByText('Crew skills updated successfully!')).toBeInTheDocument();
    expect(sent).toEqual([{ navigation: ['navigation', 'chart_plotting'], sailing: ['line_handling', 'mooring'], technical: [], safety: [], galley: [], experience: [] }]);
  });
});
