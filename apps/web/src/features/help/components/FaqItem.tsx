import { useId, useState, type ReactNode } from 'react';

/**
 * One question of the FAQ as a WAI-ARIA accordion item: a heading with a
 * button that says whether it is expanded, and a labelled region for the
 * answer. Written out here rather than taken from a component library because
 * /help must stay within its JavaScript budget, and the pattern is this small.
 */
export function FaqItem({ id, question, defaultOpen, children }: { id: string; question: string; defaultOpen: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(defaultOpen);
  const base = useId();
  const state = open ? 'open' : 'closed';
  return (
    <div id={`faq-${id}`} className="faq__item" data-state={state}>
      <h3 className="faq__header">
        <button
          type="button"
          id={`${base}-q`}
          className="faq__trigger"
          data-faq-question=""
          data-state={state}
          aria-expanded={open}
          aria-controls={`${base}-a`}
          onClick={() => setOpen((value) => !value)}
        >
          {question}
        </button>
      </h3>
      {open && (
        <div id={`${base}-a`} role="region" aria-labelledby={`${base}-q`} className="faq__answer" data-faq-answer="">
          {children}
        </div>
      )}
    </div>
  );
}
