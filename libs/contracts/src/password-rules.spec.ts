import { isPatternPassword, PASSWORD_MESSAGES, registerRequestSchema, registrationPasswordRule, resetPasswordRule } from './index';

describe('passwords made of a pattern', () => {
  it.each(['aaaaaa', 'AAAAAAAA', '111111', '123456', '1234567890', 'abcdef', 'ABCDEFGH', 'qwerty', 'QwErTy', 'asdfgh', 'zxcvbnm', '654321', 'zyxwvu', 'ytrewq', 'azerty', 'qwertz', 'ababab', 'a1a1a1a1', 'uiopasdf'])(
    '%s is a pattern',
    (password) => expect(isPatternPassword(password)).toBe(true),
  );

  it.each(['sail-away', 'harbour-light-42', 'abcdeg', '123457', 'qwertyz', 'abcabd', 'aaaaab', 'Grace1717', '      '])('%s is not', (password) =>
    expect(isPatternPassword(password)).toBe(false),
  );

  it('is refused by the registration and reset rules with one clear message, the minimum length staying 6', () => {
    const registration = registrationPasswordRule.safeParse('aaaaaa');
    expect(registration.success).toBe(false);
    expect(registration.error?.issues.map((issue) => issue.message)).toEqual([PASSWORD_MESSAGES.pattern]);
    expect(resetPasswordRule.safeParse('a1a1a1a1').error?.issues.map((issue) => issue.message)).toEqual([PASSWORD_MESSAGES.pattern]);
    expect(registrationPasswordRule.safeParse('sail-a').success).toBe(true);
    expect(registrationPasswordRule.safeParse('sail').error?.issues.map((issue) => issue.message)).toEqual(['Password must be at least 6 characters']);
    // Only spaces keeps its own message.
    expect(registrationPasswordRule.safeParse('      ').error?.issues.map((issue) => issue.message)).toEqual([PASSWORD_MESSAGES.blank]);
    const form = registerRequestSchema.safeParse({ first_name: 'Grace', last_name: 'O', email: 'g@crew.test', password: '123456', user_type: 'crew', acceptTerms: true });
    expect(form.error?.issues).toEqual([expect.objectContaining({ path: ['password'], message: PASSWORD_MESSAGES.pattern })]);
  });
});
