import type { VoyageResponse } from '@crew/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { ContributionEditor } from './ContributionEditor';
import { StatusSelector } from './StatusSelector';

/**
 * A voyage can be edited and cancelled only while planning or active; a full
 * voyage is an active one with no berth left (docs/features/applications.md), so
 * its skipper can still raise crew needed or cancel it.
 */
export const isEditable = (status: VoyageResponse['status']): boolean => status === 'planning' || status === 'active' || status === 'full';

interface OwnerPanelProps {
  readonly voyage: VoyageResponse;
  readonly onRequestCancel: () => void;
  readonly onNotice: (message: string) => void;
}

/** What only the voyage's skipper sees: status, contribution and the voyage's actions. */
export function OwnerPanel({ voyage, onRequestCancel, onNotice }: OwnerPanelProps) {
  const { t } = useLingui();
  const id = encodeURIComponent(voyage.id);
  const count = voyage.application_count;
  const editable = isEditable(voyage.status);
  return (
    <section className="card owner-panel" aria-labelledby="owner-heading">
      <h2 id="owner-heading">
        <Trans>Manage your voyage</Trans>
      </h2>
      <div className="owner-panel__grid">
        {voyage.status !== 'cancelled' && <StatusSelector voyage={voyage} onRequestCancel={onRequestCancel} />}
        <div className="owner-panel__actions actions">
          {editable && (
            <Link className="button button--secondary" to={`/voyages/${id}/edit`}>
              <Trans>Edit</Trans>
            </Link>
          )}
          <Link className="button button--secondary" to={`/voyages/${id}/applications`}>
            {count > 0 ? t`View Applications (${count})` : t`View Applications`}
          </Link>
          {editable && (
            <button type="button" className="button button--danger-outline" onClick={onRequestCancel}>
              <Trans>Cancel Voyage</Trans>
            </button>
          )}
        </div>
      </div>
      {voyage.status === 'cancelled' ? (
        <p className="muted">
          <Trans>This voyage has been cancelled. It stays visible to you and to its applicants.</Trans>
        </p>
      ) : (
        <ContributionEditor voyage={voyage} onSaved={onNotice} />
      )}
    </section>
  );
}
