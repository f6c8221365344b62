import type { Port } from '@crew/contracts';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { PORT_SEARCH_DEBOUNCE_MS, PORT_SEARCH_MIN_CHARS, searchPorts } from '../../../../api/ports';

interface PortComboboxProps {
  readonly label: string;
  readonly query: string;
  /** Called on every keystroke; typing after a pick drops the picked port. */
  readonly onQueryChange: (query: string) => void;
  readonly onSelect: (port: Port) => void;
  /** Offered under the field once a search has answered: place the typed name as a pin on the map instead. */
  readonly onCustomPoint?: ((name: string) => void) | undefined;
  readonly error?: string | undefined;
  readonly placeholder?: string;
}

/**
 * A WAI-ARIA combobox over the port search: debounced 300 ms, from 2
 * characters, 8 results, arrow keys and Enter to pick, Escape to close.
 * Once a search has answered, a harbour that is not listed can be placed as a
 * custom point in one step (a button under the field; Enter when nothing
 * matches); the field says so when nothing matches.
 */
export function PortCombobox({ label, query, onQueryChange, onSelect, onCustomPoint, error, placeholder }: PortComboboxProps) {
  const { t } = useLingui();
  const id = useId();
  const listId = `${id}-list`;
  const [ports, setPorts] = useState<Port[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [searching, setSearching] = useState(false);
  /** The text the shown suggestions answer (null before any search, or after a pick). */
  const [answered, setAnswered] = useState<string | null>(null);
  // Only searches the user typed trigger a lookup, not a prefilled or picked value.
  const typed = useRef(false);

  useEffect(() => {
    if (!typed.current) return undefined;
    const q = query.trim();
    if (q.length < PORT_SEARCH_MIN_CHARS) {
      setPorts([]);
      setOpen(false);
      setAnswered(null);
      return undefined;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      setSearching(true);
      searchPorts(q, controller.signal)
        .then((found) => {
          setPorts(found);
          setActive(found.length > 0 ? 0 : -1);
          setOpen(true);
          setAnswered(q);
        })
        .catch(() => {
          // A failed search empties the suggestions.
          if (!controller.signal.aborted) {
            setPorts([]);
            setOpen(false);
            setAnswered(null);
          }
        })
        .finally(() => {
          if (!controller.signal.aborted) setSearching(false);
        });
    }, PORT_SEARCH_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  const pick = (port: Port) => {
    typed.current = false;
    onSelect(port);
    setOpen(false);
    setPorts([]);
    setActive(-1);
    setAnswered(null);
  };

  const customName = query.trim();
  const offerCustom = Boolean(onCustomPoint) && answered !== null && !searching && customName.length >= PORT_SEARCH_MIN_CHARS;
  const noMatch = answered !== null && !searching && ports.length === 0;
  const placeCustom = () => {
    typed.current = false;
    setOpen(false);
    setPorts([]);
    setAnswered(null);
    onCustomPoint?.(customName);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open && ports.length > 0) setOpen(true);
      setActive((current) => (ports.length === 0 ? -1 : (current + 1) % ports.length));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((current) => (ports.length === 0 ? -1 : (current - 1 + ports.length) % ports.length));
    } else if (event.key === 'Enter') {
      const port = open ? ports[active] : undefined;
      // Enter never submits the whole voyage form from a port field.
      event.preventDefault();
      if (port) pick(port);
      else if (noMatch && offerCustom) placeCustom();
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const expanded = open && ports.length > 0;
  const found = ports.length;
  const describedBy = [error ? `${id}-error` : null, `${id}-hint`, noMatch ? `${id}-none` : null].filter(Boolean).join(' ');
  return (
    <div className="field port-combobox">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        placeholder={placeholder ?? t`Type at least 2 letters to search ports`}
        value={query}
        onChange={(event) => {
          typed.current = true;
          onQueryChange(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => ports.length > 0 && setOpen(true)}
      />
      <p id={`${id}-hint`} className="visually-hidden">
        {searching
          ? t`Searching ports…`
          : expanded
            ? plural(found, { one: '# port found. Use the arrow keys and Enter to choose.', other: '# ports found. Use the arrow keys and Enter to choose.' })
            : ''}
      </p>
      <ul id={listId} role="listbox" aria-label={t`${label} suggestions`} className="port-combobox__list" hidden={!expanded}>
        {expanded &&
          ports.map((port, index) => (
            <li
              key={port.id}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              className="port-combobox__option"
              // mousedown, not click: the input's blur would close the list first.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(port);
              }}
              onMouseEnter={() => setActive(index)}
            >
              <span className="port-combobox__name">{port.full_name}</span>
              <span className="port-combobox__region">
                {port.sailing_region}
                {port.is_major_port ? ` · ${t`major port`}` : ''}
              </span>
            </li>
          ))}
      </ul>
      {noMatch && (
        <p id={`${id}-none`} className="port-combobox__none" role="status">
          <Trans>No harbour found for “{answered}”.</Trans>
        </p>
      )}
      {offerCustom && (
        <button
          type="button"
          className="port-combobox__custom"
          // mousedown keeps the click from blurring the field first, as the options do.
          onMouseDown={(event) => event.preventDefault()}
          onClick={placeCustom}
        >
          {noMatch ? t`Place “${customName}” on the map` : t`Not listed? Place “${customName}” on the map`}
        </button>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
