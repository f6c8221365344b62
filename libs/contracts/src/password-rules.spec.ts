import { isPatternPassword, PASSWORD_CHECKLIST, PASSWORD_MESSAGES, passwordRule, registerRequestSchema, resetPasswordRequestSchema } from './index';

describe('passwords made of a pattern', () => {
  it.each([
    'aaaaaa',
    'AAAAAAAA',
    '111111',
    '123456',
    '1234567890',
    'abcdef',
    'ABCDEFGH',
    'qwerty',
    'QwErTy',
    'asdfgh',
    'zxcvbnm',
    '654321',
    'zyxwvu',
    'ytrewq',
    'azerty',
    'qwertz',
    'ababab',
    'a1a1a1a1',
    'uiopasdf',
  ])('%s is a pattern', (password) => expect(isPatternPassword(password)).toBe(true));

  it.each(['sail-away', 'harbour-light-42', 'abcdeg', '123457', 'qwertyz', 'abcabd', 'aaaaab', 'Grace1717', '      '])('%s is not', (password) =>
    expect(isPatternPassword(password)).toBe(false),
  );

  it('is refused by the password rule with one clear message, the minimum length staying 6', () => {
    const registration = passwordRule.safeParse('aaaaaa');
    expect(registration.success).toBe(false);
    expect(registration.error?.issues.map((issue) => issue.message)).toEqual([PASSWORD_MESSAGES.pattern]);
    expect(passwordRule.safeParse('a1a1a1a1').error?.issues.map((issue) => issue.message)).toEqual([PASSWORD_MESSAGES.pattern]);
    expect(passwordRule.safeParse('sail-a').success).toBe(true);
    expect(passwordRule.safeParse('sail').error?.issues.map((issue) => issue.message)).toEqual(['Password must be at least 6 characters']);
    // Only spaces keeps its own message.
    expect(passwordRule.safeParse('      ').error?.issues.map((issue) => issue.message)).toEqual([PASSWORD_MESSAGES.blank]);
    const form = registerRequestSchema.safeParse({ first_name: 'Grace', last_name: 'O', email: 'g@crew.test', password: '123456', user_type: 'crew', acceptTerms: true });
    expect(form.error?.issues).toEqual([expect.objectContaining({ path: ['password'], message: PASSWORD_MESSAGES.pattern })]);
  });
});

describe('one password rule everywhere', () => {
  const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    (result.error?.issues ?? []).filter((issue) => issue.path[0] === 'password').map((issue) => issue.message);
  const register = (password: string) =>
    messages(registerRequestSchema.safeParse({ first_name: 'Grace', last_name: 'O', email: 'g@crew.test', password, user_type: 'crew', acceptTerms: true }));
  const reset = (password: string) => messages(resetPasswordRequestSchema.safeParse({ token: 't', password }));

  it.each(['sail', 'sail-a', 'harbour', 'aaaaaa', 'qwerty', '      ', 'x'.repeat(201), 'Grace1717', 'no-digits-here'])('registration and reset answer %p alike', (password) =>
    expect(reset(password)).toEqual(register(password)),
  );

  it('takes six characters without digits at reset, as at registration', () => {
    expect(reset('harbour')).toEqual([]);
    expect(reset('sail')).toEqual([PASSWORD_MESSAGES.tooShort]);
  });

  it('has a checklist that passes exactly the passwords the schema takes', () => {
    for (const password of ['sail', 'sail-a', 'harbour', 'aaaaaa', 'qwerty', '      ', 'x'.repeat(201), 'Grace1717', '']) {
      expect(PASSWORD_CHECKLIST.every((rule) => rule.test(password))).toBe(passwordRule.safeParse(password).success);
    }
  });
});
