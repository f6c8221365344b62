import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { useForgotPassword } from '../../../api/auth';
import { AccountField } from '../../../components/account/AccountField';
import { ApiError } from '../../../lib/api-client';
import { messageAt, useContractForm } from '../../../lib/forms/use-contract-form';
import { usePageMeta } from '../../../lib/page-meta';

export function ForgotPasswordPage() {
  const { t } = useLingui();
  usePageMeta(t`Forgot password`, t`Request a link to reset your Crew Finder password.`);
  const forgot = useForgotPassword();
  const form = useContractForm((contracts) => contracts.emailRequestSchema, { defaultValues: { email: '' } });
  const onSubmit = form.handleSubmit(({ email }) => forgot.mutate(email));

  const failure =
    forgot.error instanceof ApiError && forgot.error.status === 0
      ? t`An unexpected error occurred. Please try again later.`
      : forgot.error?.message || t`Failed to send reset email. Please try again.`;

  return (
    <div className="page page--narrow auth-page">
      <h1>
        <Trans>Forgot password</Trans>
      </h1>
      {forgot.isSuccess ? (
        <div className="card" role="status">
          <h2>
            <Trans>Check your email</Trans>
          </h2>
          <p>{forgot.data.message}</p>
          <p>
            <Trans>The link is valid for 1 hour.</Trans>
          </p>
          <Link to="/login">
            <Trans>Back to sign in</Trans>
          </Link>
        </div>
      ) : (
        <>
          <p className="auth-page__lead">
            <Trans>Enter the email address of your account and we will send you a link to choose a new password.</Trans>
          </p>
          <form className="form card" onSubmit={(event) => void onSubmit(event)} noValidate>
            {forgot.isError && (
              <p className="form__error" role="alert">
                {failure}
              </p>
            )}
            <AccountField label={t`Email`} type="email" autoComplete="email" {...form.register('email')} message={messageAt(form.formState.errors, 'email')} />
            <button type="submit" className="button button--primary button--block" disabled={forgot.isPending}>
              {forgot.isPending ? t`Sending...` : t`Send reset link`}
            </button>
          </form>
          <p className="auth-page__switch">
            <Trans>
              Remembered it? <Link to="/login">Sign in</Link>
            </Trans>
          </p>
        </>
      )}
    </div>
  );
}
