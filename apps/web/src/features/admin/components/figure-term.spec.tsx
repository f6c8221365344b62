import { describe, expect, it } from '@jest/globals';
import { FIGURE_DEFINITIONS } from '@crew/contracts';
import { render, screen } from '@testing-library/react';
import { i18n } from '../../../i18n/i18n';
import { FIGURE_TEXTS, FigureTerm } from './figure-term';

describe('FigureTerm', () => {
  it('shows the one definition of a figure on hover and gives it to screen readers', () => {
    render(
      <p>
        10.6% <FigureTerm figure="completion_rate">completion rate</FigureTerm>
      </p>,
    );
    const term = screen.getByText('completion rate', { exact: false });
    expect(term).toHaveAttribute('title', FIGURE_DEFINITIONS.completion_rate);
    expect(term).toHaveTextContent(`completion rate: ${FIGURE_DEFINITIONS.completion_rate}`);
    // Keyboard users reach the definition too.
    expect(term).toHaveAttribute('tabindex', '0');
  });

  it('words every definition in English as the contracts do', () => {
    for (const [figure, definition] of Object.entries(FIGURE_DEFINITIONS)) expect(i18n._(FIGURE_TEXTS[figure as keyof typeof FIGURE_TEXTS])).toBe(definition);
  });
});
