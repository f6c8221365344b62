import { POPULAR_VOYAGE_SKILLS, VOYAGE_TEXT_MAX } from '@crew/contracts';
import { MAX_VOYAGE_SKILLS, SKILL_TAXONOMY, skillOf } from '@crew/rules';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { skillKeyName, skillName, skillOfTyped } from '../../../../lib/skill-labels';

/** Suggestions from 2 characters, at most 8; blur hides them after 200 ms. */
export const SKILL_SUGGESTION_MIN_CHARS = 2;
export const SKILL_SUGGESTION_LIMIT = 8;
export const SKILL_BLUR_DELAY_MS = 200;

/** Two names of one skill ("Cooking", "galley cooking") are the same skill; words naming none compare as text. */
const sameSkill = (a: string, b: string) => {
  const [skillA, skillB] = [skillOf(a), skillOf(b)];
  return skillA || skillB ? skillA?.key === skillB?.key : a.trim().toLowerCase() === b.trim().toLowerCase();
};

/**
 * Skills of the one taxonomy whose name in the page's language, English label
 * or another name ("MOB", "colregs") contains the typed text, by label (the
 * value the voyage keeps).
 */
export function skillSuggestions(input: string, chosen: readonly string[]): string[] {
  const q = input.trim().toLocaleLowerCase();
  if (q.length < SKILL_SUGGESTION_MIN_CHARS) return [];
  const named = (skill: (typeof SKILL_TAXONOMY)[number]) => [skillKeyName(skill.key), skill.label, ...skill.aliases].some((name) => name.toLocaleLowerCase().includes(q));
  return SKILL_TAXONOMY.filter((skill) => named(skill) && !chosen.some((c) => sameSkill(c, skill.key)))
    .map((skill) => skill.label)
    .slice(0, SKILL_SUGGESTION_LIMIT);
}

interface SkillsInputProps {
  readonly skills: readonly string[];
  readonly onChange: (skills: string[]) => void;
  readonly error?: string | undefined;
}

/**
 * Required skills from the one taxonomy the crew profile offers too, so every
 * skill asked for is one a crew member can hold: suggestions, or a typed name
 * the list knows (shown by its label), at most 8, each once. A skill saved
 * before the list that names none of it is marked for removal.
 */
export function SkillsInput({ skills, onChange, error }: SkillsInputProps) {
  const { t } = useLingui();
  const id = useId();
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [notice, setNotice] = useState<string | null>(null);
  const blurTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(blurTimer.current), []);

  const full = skills.length >= MAX_VOYAGE_SKILLS;
  const suggestions = open ? skillSuggestions(input, skills) : [];

  const add = (raw: string) => {
    const typed = raw.trim().replace(/\s+/g, ' ');
    if (!typed) return;
    // A name in the page's language finds its skill too; the voyage keeps the skill's label.
    const found = skillOfTyped(typed);
    const label = found?.label ?? typed;
    const name = found ? skillKeyName(found.key) : typed;
    if (skills.some((existing) => (found ? sameSkill(existing, found.key) : existing.toLowerCase() === typed.toLowerCase()))) {
      setNotice(t`${name} is already in the list`);
      return;
    }
    if (full) {
      const max = MAX_VOYAGE_SKILLS;
      setNotice(t`You can add up to ${max} skills`);
      return;
    }
    onChange([...skills, label]);
    setInput('');
    setActive(-1);
    // Free text is allowed; say what it means for the match score.
    setNotice(found ? null : t`${typed} is not on the skills list: crew cannot tick it on their profiles, so it does not count in match scores`);
  };

  const remove = (skill: string) => {
    onChange(skills.filter((existing) => existing !== skill));
    setNotice(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && suggestions.length > 0) {
      event.preventDefault();
      setActive((current) => (current + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp' && suggestions.length > 0) {
      event.preventDefault();
      setActive((current) => (current - 1 + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      add(suggestions[active] ?? input);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  // Six popular skills, offered with one click, never chosen for the skipper.
  const popular = full ? [] : POPULAR_VOYAGE_SKILLS.filter((skill) => !skills.some((chosen) => sameSkill(chosen, skill)));
  const listId = `${id}-list`;
  const expanded = suggestions.length > 0;
  const message = error ?? notice;
  const count = skills.length;
  const max = MAX_VOYAGE_SKILLS;
  return (
    <div className="field skills-input">
      <label htmlFor={id}>
        <Trans>Required skills</Trans>
      </label>
      <p id={`${id}-hint`} className="field__hint">
        <Trans>
          {count} of {max} skills. Type a skill and pick it from the suggestions: crew tick the same list on their profiles.
        </Trans>
      </p>
      {skills.length > 0 && (
        <ul className="tags" aria-label={t`Chosen skills`}>
          {skills.map((skill) => {
            const shown = skillName(skill);
            return (
              <li key={skill} className={skillOf(skill) ? 'tag' : 'tag tag--unknown'}>
                {skillOf(skill) ? shown : skill}
                {!skillOf(skill) && (
                  <span className="field__hint">
                    {' '}
                    <Trans>(not on the list: not scored)</Trans>
                  </span>
                )}
                <button type="button" onClick={() => remove(skill)} aria-label={t`Remove ${shown}`}>
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {popular.length > 0 && (
        <div className="skills-input__popular" role="group" aria-label={t`Popular skills`}>
          <span className="field__hint">
            <Trans>Popular:</Trans>
          </span>
          {popular.map((skill) => (
            <button key={skill} type="button" className="chip-button" onClick={() => add(skill)}>
              + {skillName(skill)}
              <span className="visually-hidden">
                {' '}
                <Trans>(add to required skills)</Trans>
              </span>
            </button>
          ))}
        </div>
      )}
      <div className="skills-input__row">
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
          aria-describedby={[`${id}-hint`, message ? `${id}-message` : null].filter(Boolean).join(' ')}
          value={input}
          disabled={full}
          placeholder={full ? t`Maximum reached` : t`e.g. Sail Trim`}
          maxLength={VOYAGE_TEXT_MAX.skill}
          onChange={(event) => {
            setInput(event.target.value);
            setOpen(true);
            setActive(-1);
            setNotice(null);
          }}
          onFocus={() => {
            window.clearTimeout(blurTimer.current);
            setOpen(true);
          }}
          onBlur={() => {
            // Late enough for a click on a suggestion to land first.
            blurTimer.current = window.setTimeout(() => setOpen(false), SKILL_BLUR_DELAY_MS);
          }}
          onKeyDown={onKeyDown}
        />
        <button type="button" className="button button--secondary" onClick={() => add(input)} disabled={full || input.trim() === ''}>
          <Trans>Add</Trans>
        </button>
      </div>
      <ul id={listId} role="listbox" aria-label={t`Skill suggestions`} className="port-combobox__list" hidden={!expanded}>
        {suggestions.map((skill, index) => (
          <li
            key={skill}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            className="port-combobox__option"
            onClick={() => add(skill)}
            onMouseEnter={() => setActive(index)}
          >
            {skillName(skill)}
          </li>
        ))}
      </ul>
      {message && (
        <p id={`${id}-message`} className={error ? 'field__error' : 'field__hint'} role={error ? undefined : 'status'}>
          {message}
        </p>
      )}
    </div>
  );
}
