import { PASSWORD_HINT } from '@crew/contracts/constants';
import { Link, useNavigate } from 'react-router-dom';
import { useRegister } from '../../../api/auth';
import { AccountField } from '../../../components/account/AccountField';
import { messageAt, showServerRefusals, useContractForm } from '../../../lib/forms/use-contract-form';
import { usePageMeta } from '../../../lib/page-meta';

const ACCOUNT_TYPES = [
  {
    value: 'crew',
    title: 'Crew Member',
    points: ['Apply to join voyages', 'Browse voyages on the map', 'Message skippers'],
    limit: 'Cannot create voyages',
  },
  {
    value: 'skipper',
    title: 'Skipper',
    badge: 'Free',
    points: ['Create and manage voyages', 'Add your boat details', 'Review crew applications'],
    limit: 'Cannot apply to voyages',
  },
  {
    value: 'both',
    title: 'Skipper & Crew',
    points: ['Everything a skipper does', 'Everything a crew member does', 'Crew rules apply when you apply'],
    limit: 'Applying follows the crew subscription when it applies',
  },
] as const;

export function RegisterPage() {
  usePageMeta('Create your account', 'Join Crew Finder as crew, as a skipper, or as both. Skipper accounts are free.');
  const navigate = useNavigate();
  const register = useRegister();
  // No account type is chosen for the user, and the terms start unaccepted.
  const form = useContractForm((contracts) => contracts.registerRequestSchema, { defaultValues: { first_name: '', last_name: '', email: '', password: '' } });
  const { errors } = form.formState;
  const userType = form.watch('user_type');
  const message = (name: string) => messageAt(errors, name);

  const onSubmit = form.handleSubmit((values) =>
    register.mutate(values, {
      onError: (error) => showServerRefusals(form, error),
      onSuccess: (result) => (result.email_verification_required ? navigate(`/email-verification-pending?email=${encodeURIComponent(values.email)}`) : navigate('/dashboard')),
    }),
  );

  return (
    <div className="page page--narrow auth-page auth-page--wide">
      <h1>Create your account</h1>
      <p className="auth-page__lead">Join the crew. It takes a minute.</p>
      <form className="form card" onSubmit={(event) => void onSubmit(event)} noValidate>
        {register.isError && (
          <p className="form__error" role="alert">
            {register.error.message || 'Registration failed'}
          </p>
        )}
        {message('acceptTerms') && (
          <p className="form__error" role="alert">
            {message('acceptTerms')}
          </p>
        )}
        <div className="form__row">
          <AccountField label="First name" autoComplete="given-name" {...form.register('first_name')} message={message('first_name')} />
          <AccountField label="Last name" autoComplete="family-name" {...form.register('last_name')} message={message('last_name')} />
        </div>
        <AccountField label="Email" type="email" autoComplete="email" {...form.register('email')} message={message('email')} />
        <AccountField label="Password" type="password" autoComplete="new-password" revealable hint={PASSWORD_HINT} {...form.register('password')} message={message('password')} />
        <fieldset className="account-types" aria-describedby={message('user_type') ? 'account-type-error' : undefined}>
          <legend>Account type</legend>
          {ACCOUNT_TYPES.map((type) => (
            <label key={type.value} className={`account-type${userType === type.value ? ' account-type--selected' : ''}`}>
              <input type="radio" value={type.value} {...form.register('user_type')} />
              <span className="account-type__title">
                {type.title} {'badge' in type && <span className="role-badge">{type.badge}</span>}
              </span>
              <ul>
                {type.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
                <li className="account-type__limit">{type.limit}</li>
              </ul>
            </label>
          ))}
          <p className="field__hint">A Crew or Skipper account can also switch to Skipper &amp; Crew later from your profile; no other change of account type is possible.</p>
          {message('user_type') && (
            <p id="account-type-error" className="field__error">
              {message('user_type')}
            </p>
          )}
        </fieldset>
        <label className="checkbox">
          <input type="checkbox" {...form.register('acceptTerms')} />
          <span>
            I am 18 or over and accept the <Link to="/terms-of-service">Terms of Service</Link> and <Link to="/privacy-policy">Privacy Policy</Link>
          </span>
        </label>
        <button type="submit" className="button button--primary button--block" disabled={register.isPending}>
          {register.isPending ? 'Creating Account...' : 'Create Account'}
        </button>
      </form>
      <p className="auth-page__switch">
        Already have an account? <Link to="/login">Sign in</Link>
      </p>
    </div>
  );
}
