import type { Message } from '@crew/contracts';
import { MESSAGE_LIMITS } from '@crew/contracts/constants';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { FieldMessage } from '../../../lib/forms/FieldMessage';
import { describedBy, messageAt, useContractForm } from '../../../lib/forms/use-contract-form';
import { useReportMessage } from '../../../api/messages';
import { messageTime } from '../lib/time';

/** One message: text, time, read receipt on my own, and Report on the other person's. */
export function MessageItem({ message, otherName }: { message: Message; otherName: string }) {
  const { t } = useLingui();
  const id = useId();
  const [reporting, setReporting] = useState(false);
  const form = useContractForm((contracts) => contracts.reportMessageRequestSchema, { defaultValues: { reason: '' } });
  const reason = form.watch('reason') ?? '';
  const reasonError = messageAt(form.formState.errors, 'reason');
  const [notice, setNotice] = useState<string | null>(null);
  const report = useReportMessage();
  const submitReport = form.handleSubmit(async (body) => {
    try {
      const answer = await report.mutateAsync({ messageId: message.id, reason: body.reason });
      setNotice(answer.message);
      setReporting(false);
    } catch (error) {
      setNotice(error instanceof ApiError ? error.message : t`The report could not be sent. Please try again.`);
    }
  });
  return (
    <li className={`message ${message.mine ? 'message--mine' : 'message--theirs'}`}>
      <p className="visually-hidden">{message.mine ? t`You:` : t`${otherName}:`}</p>
      <p className="message__body">{message.body}</p>
      <p className="message__meta">
        <time dateTime={message.sent_at}>{messageTime(message.sent_at)}</time>
        {message.mine && <span className="message__receipt"> · {message.read_at ? t`Read` : t`Sent`}</span>}
        {!message.mine && !reporting && !notice && (
          <button type="button" className="link-button message__report" onClick={() => setReporting(true)}>
            <Trans>Report</Trans>
          </button>
        )}
      </p>
      {reporting && (
        <form className="message__report-form" onSubmit={(event) => void submitReport(event)} noValidate>
          <label htmlFor={`${id}-reason`}>
            <Trans>Why are you reporting this message?</Trans>
          </label>
          <textarea rows={2} maxLength={MESSAGE_LIMITS.reasonMax} {...form.register('reason')} {...describedBy(`${id}-reason`, reasonError)} />
          <FieldMessage id={`${id}-reason`} message={reasonError} />
          <div className="actions">
            <button type="button" className="button button--secondary button--small" onClick={() => setReporting(false)}>
              <Trans>Cancel</Trans>
            </button>
            <button type="submit" className="button button--primary button--small" disabled={report.isPending || reason.trim().length < MESSAGE_LIMITS.reasonMin}>
              <Trans>Send report</Trans>
            </button>
          </div>
        </form>
      )}
      {notice && (
        <p className="message__notice" role="status">
          {notice}
        </p>
      )}
    </li>
  );
}
