import type { AlwaysSentMailKind, NotificationKind } from '@crew/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Switch } from 'radix-ui';
import { useId, useState } from 'react';
import { notificationPreferencesQueryOptions, useSaveNotificationSwitch } from '../../../api/notification-preferences';
import { ErrorState, LoadingState } from '../../../components/ui/States';

interface Described {
  readonly label: MessageDescriptor;
  readonly hint: MessageDescriptor;
}

/** The switches, in the order shown, each with what it lets through. */
const SWITCHES: Readonly<Record<NotificationKind, Described>> = {
  application_updates: {
    label: msg`Application updates`,
    hint: msg`New applications to your voyages, decisions on yours, expired applications, cancelled voyages and crew agreements to read.`,
  },
  messages: { label: msg`Messages`, hint: msg`A message left unread for 15 minutes; at most one email an hour per conversation.` },
  reviews: { label: msg`Review invitations`, hint: msg`An invitation to review your crew or skipper after a voyage.` },
  saved_search_alerts: {
    label: msg`Saved search alerts`,
    hint: msg`New voyages matching your saved searches, at once or in a digest. Each search's own alert setting still applies.`,
  },
  berth_watch: { label: msg`Berth watch`, hint: msg`A berth opening on a full voyage you watch.` },
  subscription: { label: msg`Subscription`, hint: msg`Your crew subscription: confirmations, renewals, payment problems, and the end of a trial or subscription.` },
  news: { label: msg`News from Crew Finder`, hint: msg`News and campaign mail. The unsubscribe link in those emails turns this off too.` },
};

/** The mail no switch stops, each with why. */
const ALWAYS_SENT: Readonly<Record<AlwaysSentMailKind, Described>> = {
  verification: { label: msg`Email verification`, hint: msg`Confirms that an address is yours, when you join or change it.` },
  password_reset: { label: msg`Password reset`, hint: msg`Sent only when you ask for it, so you can get back into your account.` },
  security: {
    label: msg`Security notices`,
    hint: msg`Sign-in links, a changed password or email address: you need to hear of them at once if it was not you.`,
  },
  account: { label: msg`Account and support`, hint: msg`Replies to your support requests and decisions about your account or voyages.` },
  safety: { label: msg`Safety alerts`, hint: msg`Float plans and overdue alerts when a skipper names you as a shore contact: someone's safety may depend on them.` },
};

const SWITCH_ORDER = Object.keys(SWITCHES) as NotificationKind[];
const ALWAYS_SENT_ORDER = Object.keys(ALWAYS_SENT) as AlwaysSentMailKind[];

/**
 * Which emails Crew Finder sends: a switch per kind of mail, each saved as
 * soon as it is turned (the line under the list says it was saved, or why
 * not, and the switch goes back to the saved state), and the mail that is
 * always sent, with why. A switch waits for its save before it can be turned
 * again; the others stay free.
 */
export function NotificationsTab() {
  const { t, i18n } = useLingui();
  const id = useId();
  const preferences = useQuery(notificationPreferencesQueryOptions());
  const save = useSaveNotificationSwitch();
  const [saving, setSaving] = useState<Partial<Record<NotificationKind, boolean>>>({});
  const [outcome, setOutcome] = useState<{ readonly ok: boolean; readonly text: string } | null>(null);

  if (preferences.isPending) return <LoadingState label={t`Loading your notification settings…`} />;
  if (preferences.isError) {
    return <ErrorState message={t`Your notification settings could not be loaded. Please try again.`} onRetry={() => void preferences.refetch()} />;
  }
  const { switches, always_sent: alwaysSent } = preferences.data;

  const turn = (kind: NotificationKind, on: boolean) => {
    if (saving[kind] !== undefined) return;
    const label = i18n._(SWITCHES[kind].label);
    setSaving((current) => ({ ...current, [kind]: on }));
    setOutcome(null);
    save.mutate(
      { kind, on },
      {
        onSuccess: () => setOutcome({ ok: true, text: on ? t`Saved: “${label}” emails are on.` : t`Saved: “${label}” emails are off.` }),
        onError: (error) => {
          const reason = error.message;
          setOutcome({ ok: false, text: t`“${label}” could not be saved, so it stays as it was: ${reason}` });
        },
        onSettled: () =>
          setSaving((current) => {
            const rest = { ...current };
            delete rest[kind];
            return rest;
          }),
      },
    );
  };

  return (
    <div className="notification-settings">
      <section aria-labelledby={`${id}-switches`}>
        <h2 id={`${id}-switches`}>
          <Trans>Emails you can turn off</Trans>
        </h2>
        <p className="field__hint">
          <Trans>Each switch is saved as soon as you turn it.</Trans>
        </p>
        <ul className="notification-settings__list">
          {SWITCH_ORDER.map((kind) => {
            const pending = saving[kind];
            const on = pending ?? switches[kind];
            return (
              <li key={kind} className="notification-settings__item">
                <div className="notification-settings__text">
                  <label htmlFor={`${id}-${kind}`} className="notification-settings__label">
                    {i18n._(SWITCHES[kind].label)}
                  </label>
                  <p id={`${id}-${kind}-hint`} className="field__hint">
                    {i18n._(SWITCHES[kind].hint)}
                  </p>
                </div>
                <Switch.Root
                  id={`${id}-${kind}`}
                  className="switch"
                  checked={on}
                  // Not `disabled` while saving: a disabled control drops the keyboard focus.
                  aria-disabled={pending !== undefined}
                  aria-describedby={`${id}-${kind}-hint`}
                  onCheckedChange={(checked) => turn(kind, checked)}
                >
                  <Switch.Thumb className="switch__thumb" />
                </Switch.Root>
              </li>
            );
          })}
        </ul>
        {/* The status region is always there, so a screen reader hears each save; a failure is an alert. */}
        <div role="status">{outcome?.ok && <p className="form__success">{outcome.text}</p>}</div>
        {outcome?.ok === false && (
          <p className="form__error" role="alert">
            {outcome.text}
          </p>
        )}
      </section>
      <section aria-labelledby={`${id}-always`}>
        <h2 id={`${id}-always`}>
          <Trans>Always sent</Trans>
        </h2>
        <p className="field__hint">
          <Trans>These emails cannot be turned off: they keep your account safe and reachable.</Trans>
        </p>
        <ul className="notification-settings__list">
          {ALWAYS_SENT_ORDER.filter((kind) => alwaysSent.includes(kind)).map((kind) => (
            <li key={kind} className="notification-settings__item">
              <div className="notification-settings__text">
                <span className="notification-settings__label">{i18n._(ALWAYS_SENT[kind].label)}</span>
                <p className="field__hint">{i18n._(ALWAYS_SENT[kind].hint)}</p>
              </div>
              <span className="notification-settings__always">
                <Trans>Always on</Trans>
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
