import { PASSWORD_HINT } from '@crew/contracts/constants';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { TextField } from '../../../components/ui/TextField';
import { loadContracts, useContracts, type Contracts } from '../../../lib/contracts-loader';
import { errorsOf, serverFieldErrors } from '../../../lib/form-errors';
import { useLiveErrors } from '../../../lib/use-live-errors';
import { usePageMeta } from '../../../lib/page-meta';
import { useRegister } from '../../../api/auth';

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
] as const;

type AccountType = (typeof ACCOUNT_TYPES)[number]['value'];

export function RegisterPage() {
  usePageMeta('Create your account', 'Join Crew Finder as crew or as a skipper. Skipper accounts are free.');
  const navigate = useNavigate();
  const register = useRegister();
  const [form, setForm] = useState({ first_name: '', last_name: '', email: '', password: '' });
  const [userType, setUserType] = useState<AccountType | ''>('');
  const [acceptTerms, setAcceptTerms] = useState(false);
  // The server's own rules (a common password, an email already taken): shown under their field until it changes.
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const set = (field: keyof typeof form) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setServerErrors(({ [field]: _changed, ...rest }) => rest);
  };

  // The form's rules come with the schemas, fetched once the page shows (not before it can).
  const contracts = useContracts();
  const parse = ({ registerRequestSchema }: Contracts) => registerRequestSchema.safeParse({ ...form, user_type: userType || undefined, acceptTerms });
  const live = useLiveErrors(() => (contracts ? errorsOf(parse(contracts)) : {}));
  const errors: Record<string, string | undefined> = { ...serverErrors, ...live.errors };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parse(contracts ?? (await loadContracts()));
    if (!live.submitted() || !parsed.success) return;
    setServerErrors({});
    register.mutate(parsed.data, {
      onError: (error) => setServerErrors(serverFieldErrors(error)),
      onSuccess: (result) =>
        result.email_verification_required
          ? navigate(`/email-verification-pending?email=${encodeURIComponent(parsed.data.email)}`)
          : navigate('/dashboard'),
    });
  };

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
        {errors['acceptTerms'] && (
          <p className="form__error" role="alert">
            {errors['acceptTerms']}
          </p>
        )}
        <div className="form__row">
          <TextField label="First name" autoComplete="given-name" value={form.first_name} onValueChange={set('first_name')} error={errors['first_name']} />
          <TextField label="Last name" autoComplete="family-name" value={form.last_name} onValueChange={set('last_name')} error={errors['last_name']} />
        </div>
        <TextField label="Email" type="email" autoComplete="email" value={form.email} onValueChange={set('email')} error={errors['email']} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          revealable
          hint={PASSWORD_HINT}
          value={form.password}
          onValueChange={set('password')}
          error={errors['password']}
        />
        <fieldset className="account-types" aria-describedby={errors['user_type'] ? 'account-type-error' : undefined}>
          <legend>Account type</legend>
          {ACCOUNT_TYPES.map((type) => (
            <label key={type.value} className={`account-type${userType === type.value ? ' account-type--selected' : ''}`}>
              <input type="radio" name="user_type" value={type.value} checked={userType === type.value} onChange={() => setUserType(type.value)} />
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
          <p className="field__hint">To do both, you can switch to Skipper &amp; Crew later from your profile; no other change of account type is possible.</p>
          {errors['user_type'] && (
            <p id="account-type-error" className="field__error">
              {errors['user_type']}
            </p>
          )}
        </fieldset>
        <label className="checkbox">
          <input type="checkbox" checked={acceptTerms} onChange={(event) => setAcceptTerms(event.target.checked)} />
          <span>
            I am 18 or over and accept the <Link to="/terms-of-service">Terms of Service</Link> and{' '}
            <Link to="/privacy-policy">Privacy Policy</Link>
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
