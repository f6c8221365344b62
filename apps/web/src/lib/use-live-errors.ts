import { useState } from 'react';

/**
 * Field errors that follow the values: nothing before the first submit, then
 * the errors of the values as they are now, so each message goes away as soon
 * as its field becomes valid (and a new one appears as soon as it breaks).
 * `validate` runs on every render after the first submit; keep it cheap.
 */
export function useLiveErrors<TErrors extends Record<string, string | undefined>>(validate: () => TErrors) {
  const [attempted, setAttempted] = useState(false);
  const errors = attempted ? validate() : ({} as TErrors);
  return {
    errors,
    /** Marks the form as submitted; true when the values as they are now have no error. */
    submitted: (): boolean => {
      setAttempted(true);
      return Object.values(validate()).every((message) => !message);
    },
    /** Back to the untouched state (after a successful save). */
    reset: () => setAttempted(false),
  };
}
