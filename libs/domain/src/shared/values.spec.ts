import { disallowedCharactersMessage } from '@crew/rules';
import { DomainError } from './result';
import { checkText, isNumberBetween, isOneOf, isUuid } from './values';

const UUID = '7b0c8a52-3a8e-4f7e-9a55-0e2f8d4c1a10';

describe('the values a read model can hold', () => {
  it('a user id is exactly one uuid, in either case', () => {
    expect(isUuid(UUID)).toBe(true);
    expect(isUuid(UUID.toUpperCase())).toBe(true);
    expect(isUuid(`x${UUID}`)).toBe(false);
    expect(isUuid(`${UUID}x`)).toBe(false);
    expect(isUuid(`${UUID}\n`)).toBe(false);
    expect(isUuid(UUID.replace(/-/g, ''))).toBe(false);
    expect(isUuid('')).toBe(false);
  });

  it('a number within bounds is a finite number, at the bounds included', () => {
    expect(isNumberBetween(0, 0, 10)).toBe(true);
    expect(isNumberBetween(10, 0, 10)).toBe(true);
    expect(isNumberBetween(10.5, 0, 10)).toBe(false);
    expect(isNumberBetween(-0.5, 0, 10)).toBe(false);
    expect(isNumberBetween(2.5, 0, 10)).toBe(true);
    expect(isNumberBetween(2.5, 0, 10, true)).toBe(false);
    expect(isNumberBetween(Number.NaN, 0, 10)).toBe(false);
    expect(isNumberBetween(Number.POSITIVE_INFINITY, 0, Number.POSITIVE_INFINITY)).toBe(false);
  });

  it('text that reads as a number is not a number', () => {
    expect(isNumberBetween('5' as never, 0, 10)).toBe(false);
    expect(isNumberBetween('5' as never, 0, 10, true)).toBe(false);
  });

  it('one of a list is exactly one of its values', () => {
    expect(isOneOf(['beta', 'grandfathered'], 'beta')).toBe(true);
    expect(isOneOf(['beta', 'grandfathered'], 'Beta')).toBe(false);
  });

  describe('checked text', () => {
    const refusal = (run: () => unknown): DomainError => {
      try {
        run();
      } catch (error) {
        if (error instanceof DomainError) return error;
        throw error;
      }
      throw new Error('expected a refusal');
    };

    it('is returned as given when clean and within its limit', () => {
      expect(checkText('Crossing to Guernsey', 'The title', 20)).toBe('Crossing to Guernsey');
    });

    it('refuses control characters in the shared words, with the code asked for or the default one', () => {
      expect(refusal(() => checkText('a\u0000b', 'The title', 10, 'INVALID_TITLE'))).toMatchObject({
        kind: 'validation',
        code: 'INVALID_TITLE',
        message: disallowedCharactersMessage('The title'),
      });
      expect(refusal(() => checkText('a\u0000b', 'The title', 10)).code).toBe('TEXT_INVALID');
    });

    it('refuses what is not text at all, in the same words', () => {
      expect(refusal(() => checkText(42 as never, 'The title', 10))).toMatchObject({ code: 'TEXT_INVALID', message: disallowedCharactersMessage('The title') });
    });

    it('refuses one character past the limit, naming the field and the limit', () => {
      expect(refusal(() => checkText('x'.repeat(11), 'The title', 10))).toMatchObject({ code: 'TEXT_INVALID', message: 'The title must be at most 10 characters' });
    });
  });
});
