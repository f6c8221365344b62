import { afterEach, describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { FilterPanel } from '../components/browse/FilterPanel';
import { cancelledMessage } from '../components/detail/CancelVoyageDialog';
import { skillSuggestions } from '../components/form/SkillsInput';
import { DEFAULT_FILTERS } from './browse-filters';
import { formatContribution, formatMoney, formatRelativeTime, formatSegmentDuration } from './format';
import { voyageStatusLabel } from '../../../lib/code-labels';
import { skillName, skillOfTyped } from '../../../lib/skill-labels';
import { useLanguage } from '../../../testing/languages';

afterEach(() => useLanguage('en'));

describe('voyages in French and German', () => {
  it('says durations, relative times, statuses and money in French, plurals by French rules', () => {
    useLanguage('fr', 'voyages', 'web');
    expect(formatSegmentDuration(48)).toBe('2 jours');
    expect(formatSegmentDuration(24)).toBe('1 jour');
    expect(formatRelativeTime(new Date(2026, 5, 25), new Date(2026, 5, 30, 12))).toBe('il y a 5 jours');
    expect(voyageStatusLabel('full')).toBe('Complète');
    expect(cancelledMessage(0)).toBe('La navigation a été annulée. 0 équipier a été prévenu.');
    expect(cancelledMessage(3)).toBe('La navigation a été annulée. 3 équipiers ont été prévenus.');
    expect(formatMoney(99.5, 'EUR')).toMatch(/^99,50\s€$/u);
    expect(formatContribution('shared_costs', null, 'EUR')).toBe('Frais partagés');
  });

  it('names skills in German, finds them by their German name and keeps the label the voyage stores', () => {
    useLanguage('de', 'voyages', 'web');
    expect(skillName('MOB')).toBe('Mensch-über-Bord-Manöver');
    expect(skillOfTyped('kochen')?.key).toBe('galley_cooking');
    expect(skillSuggestions('koch', [])).toContain('Cooking');
    expect(formatContribution('free', null, 'EUR')).toBe('Kostenlos');
  });

  it('renders the browse filters in German', () => {
    useLanguage('de', 'voyages', 'web');
    render(<FilterPanel filters={{ ...DEFAULT_FILTERS, duration: 'weeks' }} onChange={() => undefined} onClear={() => undefined} />);
    expect(screen.getByRole('heading', { name: 'Filter' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '1–4 Wochen' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Filter zurücksetzen' })).toBeEnabled();
  });
});
