import { PASSWORD_CHECKLIST } from '@crew/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { resetTokenQueryOptions, useResetPassword } from '../../../api/auth';
import { AccountField } from '../../../components/account/AccountField';
import { LoadingState } from '../../../components/ui/States';
import { messageAt, useContractForm } from '../../../lib/forms/use-contract-form';
import { usePageMeta } from '../../../lib/page-meta';

/**
 * The one password rule (the same as at registration), shown live as a
 * checklist; the server applies the same rule and also refuses the most
 * common passwords, whose message then shows above the form.
 */
const rules = PASSWORD_CHECKLIST;

function InvalidLink() {
  return (
    <div className="card" role="alert">
      <h2>Invalid or Expired Link</h2>
      <p>This password reset link cannot be used. Links are valid for 1 hour and work once.</p>
      <Link to="/forgot-password" className="button button--primary">
        Request a new link
      </Link>
    </div>
  );
}

/** The one rule only this form knows: the new password typed twice, the same. */
const MISMATCH = 'Passwords do not match';

function ResetForm({ token, email }: { token: string; email: string | undefined }) {
  const reset = useResetPassword();
  const form = useContractForm(
    (contracts) =>
      contracts.resetPasswordRequestSchema
        .omit({ token: true })
        .extend({ confirmation: contracts.safeText() })
        .refine((values) => values.password === values.confirmation, { message: MISMATCH, path: ['confirmation'] }),
    { defaultValues: { password: '', confirmation: '' } },
  );
  const { errors } = form.formState;
  const password = form.watch('password');
  const confirmation = form.watch('confirmation');
  const rulesMet = rules.every((rule) => rule.test(password));
  const matches = password === confirmation;
  const problem = !rulesMet ? 'Password does not meet requirements' : !matches ? MISMATCH : undefined;

  const onSubmit = form.handleSubmit((values) => reset.mutate({ token, password: values.password }));

  if (reset.isSuccess) {
    return (
      <div className="card" role="status">
        <h2>Password changed</h2>
        <p>{reset.data.message}</p>
        <Link to="/login" className="button button--primary">
          Sign in
        </Link>
      </div>
    );
  }
  return (
    <form className="form card" onSubmit={(event) => void onSubmit(event)} noValidate>
      {email && <p className="auth-page__lead">Choose a new password for {email}.</p>}
      {reset.isError && (
        <p className="form__error" role="alert">
          {reset.error.message || 'Failed to reset password. Please try again.'}
        </p>
      )}
      <AccountField label="New password" type="password" autoComplete="new-password" revealable {...form.register('password')} message={messageAt(errors, 'password')} />
      <ul className="password-rules" aria-label="Password requirements">
        {rules.map((rule) => (
          <li key={rule.label} data-met={rule.test(password)}>
            {rule.label}
          </li>
        ))}
      </ul>
      <p className="field__hint">Nor one of the most common passwords: that is checked when you save.</p>
      <AccountField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        {...form.register('confirmation')}
        // Said as soon as both are typed, before any submit: the button waits for it.
        message={messageAt(errors, 'confirmation') ?? (password && confirmation && !matches ? MISMATCH : undefined)}
      />
      <button type="submit" className="button button--primary button--block" disabled={problem !== undefined || reset.isPending}>
        {reset.isPending ? 'Resetting...' : 'Reset password'}
      </button>
    </form>
  );
}

function CheckedReset({ token }: { token: string }) {
  const check = useQuery(resetTokenQueryOptions(token));
  if (check.isPending) return <LoadingState label="Checking your reset link…" />;
  if (check.isError || !check.data.valid) return <InvalidLink />;
  return <ResetForm token={token} email={check.data.email} />;
}

export function ResetPasswordPage() {
  usePageMeta('Reset password', 'Choose a new Crew Finder password.');
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <div className="page page--narrow auth-page">
      <h1>Reset password</h1>
      {token ? <CheckedReset token={token} /> : <InvalidLink />}
    </div>
  );
}
