import { DomainError, reject } from './result';

describe('a refusal', () => {
  it('is a DomainError, named so in logs and stack traces, carrying its kind, code and message', () => {
    const refuse = () => reject('conflict', 'ALREADY_ON_LIST', 'This user is already on the beta testers list');
    expect(refuse).toThrow(DomainError);
    try {
      refuse();
    } catch (error) {
      expect(error).toBeInstanceOf(Error);
      expect(error).toMatchObject({ name: 'DomainError', kind: 'conflict', code: 'ALREADY_ON_LIST', message: 'This user is already on the beta testers list' });
      expect(String(error)).toBe('DomainError: This user is already on the beta testers list');
    }
  });
});
