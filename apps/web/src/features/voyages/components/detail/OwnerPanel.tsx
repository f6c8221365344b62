import type { VoyageResponse } from '@crew/contracts';
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
  const id = encodeURIComponent(voyage.id);
  const editable = isEditable(voyage.status);
  return (
    <section className="card owner-panel" aria-labelledby="owner-heading">
      <h2 id="owner-heading">Manage your voyage</h2>
      <div className="owner-panel__grid">
        {voyage.status !== 'cancelled' && <StatusSelector voyage={voyage} onRequestCancel={onRequestCancel} />}
        <div className="owner-panel__actions actions">
          {editable && (
            <Link className="button button--secondary" to={`/voyages/${id}/edit`}>
              Edit
            </Link>
          )}
          <Link className="button button--secondary" to={`/voyages/${id}/applications`}>
            View Applications{voyage.application_count > 0 ? ` (${voyage.application_count})` : ''}
          </Link>
          {editable && (
            <button type="button" className="button button--danger-outline" onClick={onRequestCancel}>
              Cancel Voyage
            </button>
          )}
        </div>
      </div>
      {voyage.status === 'cancelled' ? (
        <p className="muted">This voyage has been cancelled. It stays visible to you and to its applicants.</p>
      ) : (
        <ContributionEditor voyage={voyage} onSaved={onNotice} />
      )}
    </section>
  );
}
