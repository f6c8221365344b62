import { FIGURE_DEFINITIONS, type DefinedFigure } from '@crew/contracts';
import type { ReactNode } from 'react';

/**
 * A figure's label with its one definition (the same on every admin screen)
 * shown on hover and focus, and read out by screen readers.
 */
export function FigureTerm({ figure, children }: { figure: DefinedFigure; children: ReactNode }) {
  return (
    <span className="figure-term" title={FIGURE_DEFINITIONS[figure]} tabIndex={0}>
      {children}
      <span className="visually-hidden">: {FIGURE_DEFINITIONS[figure]}</span>
    </span>
  );
}
