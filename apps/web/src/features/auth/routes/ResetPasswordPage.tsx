import { PASSWORD_CHECKLIST } from '@crew/contracts/constants';
import { translateSharedText } from '@crew/rules';
import { Trans, useLingui } from '@lingui/react/macro';
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
      <h2>
        <Trans>Invalid or Expired Link</Trans>
      </h2>
      <p>
        <Trans>This password reset link cannot be used. Links are valid for 1 hour and work once.</Trans>
      </p>
      <Link to="/forgot-password" className="button button--primary">
        <Trans>Request a new link</Trans>
      </Link>
    </div>
  );
}

function ResetForm({ token, email }: { token: string; email: string | undefined }) {
  const { t, i18n } = useLingui();
  // The one rule only this form knows: the new password typed twice, the same.
  const mismatch = t`Passwords do not match`;
  const reset = useResetPassword();
  const form = useContractForm(
    (contracts) =>
      contracts.resetPasswordRequestSchema
        .omit({ token: true })
        .extend({ confirmation: contracts.safeText() })
        .refine((values) => values.password === values.confirmation, { message: mismatch, path: ['confirmation'] }),
    { defaultValues: { password: '', confirmation: '' } },
  );
  const { errors } = form.formState;
  const password = form.watch('password');
  const confirmation = form.watch('confirmation');
  const rulesMet = rules.every((rule) => rule.test(password));
  const matches = password === confirmation;
  const problem = !rulesMet ? t`Password does not meet requirements` : !matches ? mismatch : undefined;

  const onSubmit = form.handleSubmit((values) => reset.mutate({ token, password: values.password }));

  if (reset.isSuccess) {
    return (
      <div className="card" role="status">
        <h2>
          <Trans>Password changed</Trans>
        </h2>
        <p>{reset.data.message}</p>
        <Link to="/login" className="button button--primary">
          <Trans>Sign in</Trans>
        </Link>
      </div>
    );
  }
  return (
    <form className="form card" onSubmit={(event) => void onSubmit(event)} noValidate>
      {email && (
        <p className="auth-page__lead">
          <Trans>Choose a new password for {email}.</Trans>
        </p>
      )}
      {reset.isError && (
        <p className="form__error" role="alert">
          {reset.error.message || t`Failed to reset password. Please try again.`}
        </p>
      )}
      <AccountField label={t`New password`} type="password" autoComplete="new-password" revealable {...form.register('password')} message={messageAt(errors, 'password')} />
      <ul className="password-rules" aria-label={t`Password requirements`}>
        {rules.map((rule) => (
          // The contract's words, in the page's language (the shared catalogue).
          <li key={rule.label} data-met={rule.test(password)}>
            {translateSharedText(i18n, rule.label)}
          </li>
        ))}
      </ul>
      <p className="field__hint">
        <Trans>Nor one of the most common passwords: that is checked when you save.</Trans>
      </p>
      <AccountField
        label={t`Confirm new password`}
        type="password"
        autoComplete="new-password"
        {...form.register('confirmation')}
        // Said as soon as both are typed, before any submit: the button waits for it.
        message={messageAt(errors, 'confirmation') ?? (password && confirmation && !matches ? mismatch : undefined)}
      />
      <button type="submit" className="button button--primary button--block" disabled={problem !== undefined || reset.isPending}>
        {reset.isPending ? t`Resetting...` : t`Reset password`}
      </button>
    </form>
  );
}

function CheckedReset({ token }: { token: string }) {
  const { t } = useLingui();
  const check = useQuery(resetTokenQueryOptions(token));
  if (check.isPending) return <LoadingState label={t`Checking your reset link…`} />;
  if (check.isError || !check.data.valid) return <InvalidLink />;
  return <ResetForm token={token} email={check.data.email} />;
}

export function ResetPasswordPage() {
  const { t } = useLingui();
  usePageMeta(t`Reset password`, t`Choose a new Crew Finder password.`);
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <div className="page page--narrow auth-page">
      <h1>
        <Trans>Reset password</Trans>
      </h1>
      {token ? <CheckedReset token={token} /> : <InvalidLink />}
    </div>
  );
}
