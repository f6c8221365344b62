import { PASSWORD_LENGTH } from '@crew/contracts/constants';
import { translateSharedText } from '@crew/rules';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from 'react-router-dom';
import { useRegister } from '../../../api/auth';
import { AccountField } from '../../../components/account/AccountField';
import { messageAt, showServerRefusals, useContractForm } from '../../../lib/forms/use-contract-form';
import { usePageMeta } from '../../../lib/page-meta';

const ACCOUNT_TYPES = [
  {
    value: 'crew',
    title: msg`Crew Member`,
    points: [msg`Apply to join voyages`, msg`Browse voyages on the map`, msg`Message skippers`],
    limit: msg`Cannot create voyages`,
  },
  {
    value: 'skipper',
    title: msg`Skipper`,
    badge: msg`Free`,
    points: [msg`Create and manage voyages`, msg`Add your boat details`, msg`Review crew applications`],
    limit: msg`Cannot apply to voyages`,
  },
  {
    value: 'both',
    title: msg`Skipper & Crew`,
    points: [msg`Everything a skipper does`, msg`Everything a crew member does`, msg`Crew rules apply when you apply`],
    limit: msg`Applying follows the crew subscription when it applies`,
  },
] as const;

/** The password rule in one sentence (the contract's PASSWORD_HINT, in the page's language). */
const minimum = PASSWORD_LENGTH.min;
const PASSWORD_HINT = msg`At least ${minimum} characters, not a repeated character or a keyboard run (like 123456 or qwerty), and not one of the most common passwords.`;

export function RegisterPage() {
  const { t, i18n } = useLingui();
  usePageMeta(t`Create your account`, t`Join Crew Finder as crew, as a skipper, or as both. Skipper accounts are free.`);
  const navigate = useNavigate();
  const register = useRegister();
  // No account type is chosen for the user, and the terms start unaccepted.
  const form = useContractForm((contracts) => contracts.registerRequestSchema, { defaultValues: { first_name: '', last_name: '', email: '', password: '' } });
  const { errors } = form.formState;
  const userType = form.watch('user_type');
  const message = (name: string) => messageAt(errors, name);
  // Shown outside a field (FieldMessage translates its own): the contract's words in the page's language.
  const shownMessage = (name: string) => {
    const text = message(name);
    return text ? translateSharedText(i18n, text) : undefined;
  };

  const onSubmit = form.handleSubmit((values) =>
    register.mutate(values, {
      onError: (error) => showServerRefusals(form, error),
      onSuccess: (result) => (result.email_verification_required ? navigate(`/email-verification-pending?email=${encodeURIComponent(values.email)}`) : navigate('/dashboard')),
    }),
  );

  return (
    <div className="page page--narrow auth-page auth-page--wide">
      <h1>
        <Trans>Create your account</Trans>
      </h1>
      <p className="auth-page__lead">
        <Trans>Join the crew. It takes a minute.</Trans>
      </p>
      <form className="form card" onSubmit={(event) => void onSubmit(event)} noValidate>
        {register.isError && (
          <p className="form__error" role="alert">
            {register.error.message || t`Registration failed`}
          </p>
        )}
        {message('acceptTerms') && (
          <p className="form__error" role="alert">
            {shownMessage('acceptTerms')}
          </p>
        )}
        <div className="form__row">
          <AccountField label={t`First name`} autoComplete="given-name" {...form.register('first_name')} message={message('first_name')} />
          <AccountField label={t`Last name`} autoComplete="family-name" {...form.register('last_name')} message={message('last_name')} />
        </div>
        <AccountField label={t`Email`} type="email" autoComplete="email" {...form.register('email')} message={message('email')} />
        <AccountField
          label={t`Password`}
          type="password"
          autoComplete="new-password"
          revealable
          hint={i18n._(PASSWORD_HINT)}
          {...form.register('password')}
          message={message('password')}
        />
        <fieldset className="account-types" aria-describedby={message('user_type') ? 'account-type-error' : undefined}>
          <legend>
            <Trans>Account type</Trans>
          </legend>
          {ACCOUNT_TYPES.map((type) => (
            <label key={type.value} className={`account-type${userType === type.value ? ' account-type--selected' : ''}`}>
              <input type="radio" value={type.value} {...form.register('user_type')} />
              <span className="account-type__title">
                {i18n._(type.title)} {'badge' in type && <span className="role-badge">{i18n._(type.badge)}</span>}
              </span>
              <ul>
                {type.points.map((point) => (
                  <li key={point.id}>{i18n._(point)}</li>
                ))}
                <li className="account-type__limit">{i18n._(type.limit)}</li>
              </ul>
            </label>
          ))}
          <p className="field__hint">
            <Trans>A Crew or Skipper account can also switch to Skipper & Crew later from your profile; no other change of account type is possible.</Trans>
          </p>
          {message('user_type') && (
            <p id="account-type-error" className="field__error">
              {shownMessage('user_type')}
            </p>
          )}
        </fieldset>
        <label className="checkbox">
          <input type="checkbox" {...form.register('acceptTerms')} />
          <span>
            <Trans>
              I am 18 or over and accept the <Link to="/terms-of-service">Terms of Service</Link> and <Link to="/privacy-policy">Privacy Policy</Link>
            </Trans>
          </span>
        </label>
        <button type="submit" className="button button--primary button--block" disabled={register.isPending}>
          {register.isPending ? t`Creating Account...` : t`Create Account`}
        </button>
      </form>
      <p className="auth-page__switch">
        <Trans>
          Already have an account? <Link to="/login">Sign in</Link>
        </Trans>
      </p>
    </div>
  );
}
