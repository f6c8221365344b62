import { POPULAR_VOYAGE_SKILLS, SKILL_TAXONOMY, VOYAGE_SKILL_CATALOGUE } from '@crew/contracts';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { SkillsInput, skillSuggestions } from './SkillsInput';

function Harness({ initial = [...POPULAR_VOYAGE_SKILLS] }: { initial?: string[] }) {
  const [skills, setSkills] = useState<string[]>(initial);
  return <SkillsInput skills={skills} onChange={setSkills} />;
}

const chosen = () =>
  screen
    .getAllByRole('listitem')
    .filter((li) => li.closest('[aria-label="Chosen skills"]'))
    .map((li) => li.firstChild?.textContent);

describe('SkillsInput', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('suggests from the one skill taxonomy and offers the 6 popular ones as one-click suggestions, none chosen until clicked', async () => {
    // The same list the crew profile offers (every group), so every skill asked for is one a crew member can hold.
    expect(VOYAGE_SKILL_CATALOGUE).toEqual(SKILL_TAXONOMY.map((skill) => skill.label));
    expect(VOYAGE_SKILL_CATALOGUE).toEqual(expect.arrayContaining(['Navigation', 'Line Handling', 'Mooring', 'Knot Tying', 'Photography']));
    expect(POPULAR_VOYAGE_SKILLS).toEqual(['Navigation', 'Night Watches', 'Helm/Steering', 'VHF Radio', 'Cooking', 'First Aid']);
    const user = userEvent.setup();
    render(<Harness initial={[]} />);
    expect(screen.queryByRole('list', { name: 'Chosen skills' })).not.toBeInTheDocument();
    const popular = screen.getByRole('group', { name: 'Popular skills' });
    expect(popular.querySelectorAll('button')).toHaveLength(6);
    await user.click(screen.getByRole('button', { name: /\+ Night Watches/ }));
    expect(chosen()).toEqual(['Night Watches']);
    // A chosen skill is no longer offered.
    expect(screen.queryByRole('button', { name: /\+ Night Watches/ })).not.toBeInTheDocument();
    expect(popular.querySelectorAll('button')).toHaveLength(5);
  });

  it('suggests from 2 characters, at most 8, never one already chosen', async () => {
    expect(skillSuggestions('n', [])).toEqual([]);
    expect(skillSuggestions('na', ['Navigation'])).toContain('Celestial Navigation');
    expect(skillSuggestions('NA', ['Navigation'])).not.toContain('Navigation');
    expect(skillSuggestions('in', []).length).toBe(8);

    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Required skills' });
    await user.type(input, 's');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    await user.type(input, 'a');
    const options = screen.getAllByRole('option');
    expect(options.length).toBeLessThanOrEqual(8);
    expect(options.map((o) => o.textContent)).toContain('Sail Trim');
    await user.click(screen.getByRole('option', { name: 'Sail Trim' }));
    expect(chosen()).toContain('Sail Trim');
    expect(input).toHaveValue('');
  });

  it('refuses duplicates under any of their names, takes a typed name the list knows by its label, keeps free text as written, and stops at 8', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Required skills' });
    await user.type(input, 'navigation{Enter}');
    expect(screen.getByText('Navigation is already in the list')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'galley cooking{Enter}');
    expect(screen.getByText('Cooking is already in the list')).toBeInTheDocument();
    expect(chosen()).toHaveLength(6);
    await user.clear(input);
    // Free text is allowed, and the skipper is told it does not count in match scores.
    await user.type(input, 'Bread baking{Enter}');
    expect(screen.getByText('Bread baking is not on the skills list: crew cannot tick it on their profiles, so it does not count in match scores')).toBeInTheDocument();
    expect(chosen()).toHaveLength(7);
    await user.type(input, 'bread BAKING{Enter}');
    expect(screen.getByText('bread BAKING is already in the list')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'line handling{Enter}');
    expect(chosen()).toHaveLength(8);
    expect(chosen()).toEqual(expect.arrayContaining(['Bread baking', 'Line Handling']));
    expect(input).toBeDisabled();
    expect(screen.getByText(/8 of 8 skills/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Line Handling' }));
    expect(chosen()).toHaveLength(7);
    expect(input).toBeEnabled();
  });

  it('suggests a skill under its other names, and marks a skill the list cannot name as not scored', async () => {
    expect(skillSuggestions('colregs', [])).toEqual(['Collision Avoidance']);
    expect(skillSuggestions('gps', [])).toEqual(['GPS/Electronics']);
    render(<Harness initial={['Navigation', 'Ukulele']} />);
    expect(chosen()).toEqual(['Navigation', 'Ukulele']);
    expect(screen.getByText('(not on the list: not scored)')).toBeInTheDocument();
  });

  it('hides the suggestions 200 ms after the field loses focus', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<Harness initial={[]} />);
    await user.type(screen.getByRole('combobox', { name: 'Required skills' }), 'sai');
    expect(screen.getAllByRole('option').length).toBeGreaterThan(0);
    act(() => screen.getByRole('combobox', { name: 'Required skills' }).blur());
    act(() => jest.advanceTimersByTime(199));
    expect(screen.getAllByRole('option').length).toBeGreaterThan(0);
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });
});
