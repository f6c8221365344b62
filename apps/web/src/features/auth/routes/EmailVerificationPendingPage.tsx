import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useResendVerification } from '../../../api/auth';
import { AccountField } from '../../../components/account/AccountField';
import { messageAt, useContractForm } from '../../../lib/forms/use-contract-form';
import { usePageMeta } from '../../../lib/page-meta';

/** The resend confirmation hides after 5 s. */
const MESSAGE_MS = 5000;

export function EmailVerificationPendingPage() {
  const { t } = useLingui();
  usePageMeta(t`Check your email`, t`Verify your email address to finish creating your Crew Finder account.`);
  const [params] = useSearchParams();
  const sentTo = params.get('email');
  const form = useContractForm((contracts) => contracts.emailRequestSchema, { defaultValues: { email: params.get('email') ?? '' } });
  const email = form.watch('email');
  const resend = useResendVerification();
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(null), MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);

  const onSubmit = form.handleSubmit((values) => resend.mutate(values.email, { onSuccess: (result) => setNotice(result.message) }));

  return (
    <div className="page page--narrow auth-page">
      <h1>
        <Trans>Check your email</Trans>
      </h1>
      <p className="auth-page__lead">
        {sentTo ? (
          <Trans>We have sent a verification link to {sentTo}. Open it to activate your account; it may take a minute to arrive, and it may land in your spam folder.</Trans>
        ) : (
          <Trans>We have sent a verification link. Open it to activate your account; it may take a minute to arrive, and it may land in your spam folder.</Trans>
        )}
      </p>
      <form className="form card" onSubmit={(event) => void onSubmit(event)} noValidate>
        <h2>
          <Trans>Didn’t get it?</Trans>
        </h2>
        {notice && (
          <p className="form__success" role="status">
            {notice}
          </p>
        )}
        {resend.isError && (
          <p className="form__error" role="alert">
            <Trans>Failed to resend verification email. Please try again.</Trans>
          </p>
        )}
        <AccountField label={t`Email`} type="email" autoComplete="email" {...form.register('email')} message={messageAt(form.formState.errors, 'email')} />
        <button type="submit" className="button button--secondary button--block" disabled={!email.trim() || resend.isPending}>
          {resend.isPending ? t`Sending...` : t`Resend verification email`}
        </button>
      </form>
      <p className="auth-page__switch">
        <Trans>
          Verified already? <Link to="/login">Sign in</Link>
        </Trans>
      </p>
    </div>
  );
}
