import { afterEach, describe, expect, it } from '@jest/globals';
import { POSITION_MESSAGES, VOYAGE_MESSAGES } from '@crew/rules';
import { render, screen } from '@testing-library/react';
import { useLanguage } from '../../testing/languages';
import { FieldMessage } from './FieldMessage';

describe('FieldMessage', () => {
  afterEach(() => useLanguage('en'));

  it('says a shared rule’s message in English as written', () => {
    render(<FieldMessage id="title" message={VOYAGE_MESSAGES.titleTooLong} />);
    expect(screen.getByText('Title must be at most 200 characters')).toHaveAttribute('id', 'title-error');
  });

  it('says the shared rules’ messages in French when French is active, a limit with its number', () => {
    useLanguage('fr', 'shared');
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
    useLanguage('fr', 'shared');
    render(<FieldMessage id="email" message="Veuillez saisir une adresse e-mail valide" />);
    expect(screen.getByText('Veuillez saisir une adresse e-mail valide')).toBeInTheDocument();
  });
});
