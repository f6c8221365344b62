import { afterEach, describe, expect, it } from '@jest/globals';
import { POSITION_MESSAGES, VOYAGE_MESSAGES } from '@crew/rules';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { render, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { i18n } from '../../i18n/i18n';
import { FieldMessage } from './FieldMessage';

/** The shared catalogue in French (libs/rules/locales/fr.po), as the page has it once its chunks brought their messages. */
const french = (): Record<string, ReturnType<typeof compileMessage>> => {
  const file = path.resolve(__dirname, '../../../../../libs/rules/locales/fr.po');
  const catalogue = formatter({}).parse(readFileSync(file, 'utf8'), { locale: 'fr', sourceLocale: 'en', filename: file });
  return Object.fromEntries(Object.entries(catalogue ?? {}).map(([id, entry]) => [id, compileMessage(entry.translation || id)]));
};

describe('FieldMessage', () => {
  afterEach(() => i18n.activate('en'));

  it('says a shared rule’s message in English as written', () => {
    render(<FieldMessage id="title" message={VOYAGE_MESSAGES.titleTooLong} />);
    expect(screen.getByText('Title must be at most 200 characters')).toHaveAttribute('id', 'title-error');
  });

  it('says the shared rules’ messages in French when French is active, a limit with its number', () => {
    i18n.loadAndActivate({ locale: 'fr', messages: french() });
    render(
      <>
        <FieldMessage id="title" message={VOYAGE_MESSAGES.titleRequired} />
        <FieldMessage id="title-long" message={VOYAGE_MESSAGES.titleTooLong} />
        <FieldMessage id="lat" message={POSITION_MESSAGES.latitudeInvalid} />
      </>,
    );
    expect(screen.getByText('Le titre est obligatoire')).toHaveAttribute('id', 'title-error');
    expect(screen.getByText('Le titre ne peut pas dépasser 200 caractères')).toHaveAttribute('id', 'title-long-error');
    expect(screen.getByText('La latitude doit être comprise entre -90 et 90')).toBeInTheDocument();
  });

  it('leaves a message the server already said in French as it is', () => {
    i18n.loadAndActivate({ locale: 'fr', messages: french() });
    render(<FieldMessage id="email" message="Veuillez saisir une adresse e-mail valide" />);
    expect(screen.getByText('Veuillez saisir une adresse e-mail valide')).toBeInTheDocument();
  });
});
