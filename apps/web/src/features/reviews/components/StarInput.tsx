import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';

const LABELS = [msg`1 star: poor`, msg`2 stars: fair`, msg`3 stars: good`, msg`4 stars: very good`, msg`5 stars: excellent`] as const;

/**
 * Star rating as a group of native radio buttons: Tab reaches the group,
 * arrow keys move between stars, and each star has a spoken label.
 */
export function StarInput({ value, onChange, legend, error }: { value: number | null; onChange: (value: number) => void; legend: string; error?: string | null }) {
  const { t } = useLingui();
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset className="star-input" aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      <div className="star-input__stars">
        {LABELS.map((label, index) => {
          const stars = index + 1;
          const id = `${name}-${stars}`;
          return (
            <span key={stars} className="star-input__star">
              <input type="radio" id={id} name={name} value={stars} checked={value === stars} onChange={() => onChange(stars)} className="visually-hidden star-input__radio" />
              <label htmlFor={id} className={value !== null && stars <= value ? 'star-input__label star-input__label--on' : 'star-input__label'}>
                <span aria-hidden="true">★</span>
                <span className="visually-hidden">{t(label)}</span>
              </label>
            </span>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className="form__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
