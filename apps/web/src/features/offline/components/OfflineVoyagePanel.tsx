import type { VoyageResponse } from '@crew/contracts';
import { trustPaths } from '@crew/contracts/constants';
import { apiPaths } from '@crew/contracts/paths';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { urlOf } from '../../../api/contract-client';
import { formatDateTime } from '../../../lib/format';
import { useShownFromDevice } from '../../../lib/offline-hooks';
import { useWaitingWrites, type WaitingWrite } from '../../../lib/offline-writes';
import { dismissWrite } from '../device';
import { dismissHomeScreenNotice, homeScreenNoticeDismissed, shouldSuggestHomeScreen } from '../home-screen';
import { useStoredVoyages } from '../stored-voyages';
import '../offline.css';

const CHECK_IN_KINDS = { departed: msg`Departed`, position: msg`Position`, arrived: msg`Arrived` } as const;

const standaloneDisplay = (): boolean => typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;

function WaitingCheckIn({ write }: { readonly write: WaitingWrite }) {
  const { t } = useLingui();
  const kind = (write.body as { kind?: keyof typeof CHECK_IN_KINDS }).kind;
  const label = kind && kind in CHECK_IN_KINDS ? t(CHECK_IN_KINDS[kind]) : t`Check-in`;
  const made = formatDateTime(write.createdAt);
  const reason = write.error ?? '';
  return (
    <li className="offline-panel__write" data-testid="waiting-check-in">
      {write.state === 'refused' ? (
        <>
          <span>
            <Trans>
              {label} (made {made}) was not recorded: {reason}
            </Trans>
          </span>{' '}
          <button type="button" className="link-button" onClick={() => void dismissWrite(write.idempotencyKey)}>
            <Trans>Dismiss</Trans>
          </button>
        </>
      ) : (
        <Trans>
          {label}, made {made}: waiting to send
        </Trans>
      )}
    </li>
  );
}

/**
 * On the page of a voyage the member sails on: whether it is kept on this device and when the copy was last
 * updated (and that the page shows that copy, offline), the check-ins waiting to be sent, and on an iPhone or iPad
 * in Safari the request to add the app to the Home Screen before sailing.
 */
export function OfflineVoyagePanel({ voyage }: { readonly voyage: VoyageResponse }) {
  const { t } = useLingui();
  const stored = useStoredVoyages()?.find((candidate) => candidate.id === voyage.id) ?? null;
  const shownFrom = useShownFromDevice(urlOf(apiPaths.getVoyage, { id: voyage.id }));
  const trustShownFrom = useShownFromDevice(urlOf(trustPaths.voyageTrust, { id: voyage.id }));
  const waiting = useWaitingWrites().filter((write) => write.kind === 'check-in' && write.voyageId === voyage.id);
  const [dismissed, setDismissed] = useState(homeScreenNoticeDismissed);
  // Only for a voyage kept on the device: one sailing soon.
  const suggestHomeScreen = stored !== null && !dismissed && shouldSuggestHomeScreen(navigator, standaloneDisplay());
  const copyTime = shownFrom ?? trustShownFrom;
  if (!stored && !copyTime && waiting.length === 0) return null;
  const updated = formatDateTime(copyTime ?? stored?.savedAt ?? '');
  return (
    <section className="card detail-card offline-panel" aria-label={t`On this device`} data-testid="offline-panel">
      {copyTime ? (
        <p className="offline-panel__offline" role="status">
          <Trans>You are offline. This is the copy of this voyage saved on this device, last updated {updated}.</Trans>
        </p>
      ) : (
        <p className="muted">
          <Trans>Saved on this device for use without a connection. Last updated {updated}.</Trans>
        </p>
      )}
      {waiting.length > 0 && (
        <>
          <h2 className="offline-panel__heading">
            <Trans>Check-ins waiting to send</Trans>
          </h2>
          <p className="muted">
            <Trans>They are sent as soon as the connection returns, each once.</Trans>
          </p>
          <ul className="offline-panel__writes">
            {waiting.map((write) => (
              <WaitingCheckIn key={write.idempotencyKey} write={write} />
            ))}
          </ul>
        </>
      )}
      {suggestHomeScreen && (
        <div className="offline-panel__home-screen" role="note">
          <p>
            <Trans>
              Before you sail, add Crew Finder to your Home Screen: tap Share, then Add to Home Screen, and open it from there. Otherwise Safari deletes this voyage from your phone
              after 7 days without a visit.
            </Trans>
          </p>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => {
              dismissHomeScreenNotice();
              setDismissed(true);
            }}
          >
            <Trans>Dismiss</Trans>
          </button>
        </div>
      )}
    </section>
  );
}
