import type { BoatResponse } from '@crew/contracts';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/States';
import { myBoatsQueryOptions } from '../../../api/boats';
import { formatNumber } from '../../../lib/format';
import { boatTypeInLine } from '../lib/labels';
import { BoatDialog } from './BoatDialog';
import { SaveStatus } from './SaveStatus';

/** A length as it was entered ("38", "38.5"), in the page's number format. */
const formatLength = (feet: number): string => formatNumber(feet, Math.min(2, (String(feet).split('.')[1] ?? '').length));

function BoatSummary({ boat }: { boat: BoatResponse }) {
  const { t } = useLingui();
  const length = formatLength(boat.length_feet);
  const maxCrew = boat.max_crew;
  const berths = boat.berths;
  return (
    <>
      <p>{[boat.make_model, t`${length} ft`, boatTypeInLine(boat.boat_type), boat.home_port_name].filter(Boolean).join(' · ')}</p>
      <p>
        {berths ? (
          <Trans>
            Max crew {maxCrew} · <Plural value={berths} one="# berth" other="# berths" />
          </Trans>
        ) : (
          <Trans>Max crew {maxCrew}</Trans>
        )}
      </p>
    </>
  );
}

function EditLabel({ name }: { name: string }) {
  return (
    <Trans>
      Edit<span className="visually-hidden"> {name}</span>
    </Trans>
  );
}

export function BoatsTab() {
  const { t } = useLingui();
  const boats = useQuery(myBoatsQueryOptions());
  const [editing, setEditing] = useState<BoatResponse | 'new' | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  if (boats.isPending) return <LoadingState label={t`Loading your boats…`} />;
  if (boats.isError) return <ErrorState message={boats.error.message} onRetry={() => void boats.refetch()} />;
  return (
    <div>
      {/* The boat cards' names are h3: this keeps the outline h1 > h2 > h3 for screen readers. */}
      <h2 className="visually-hidden">
        <Trans>My Boats</Trans>
      </h2>
      <SaveStatus success={saved} error={null} />
      {boats.data.length === 0 ? (
        <EmptyState title={t`No boats yet`}>
          <p>
            <Trans>Add your boat so crew know where they will sleep; you choose it when you publish a voyage.</Trans>
          </p>
          <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
            <Trans>Add Your First Boat</Trans>
          </button>
        </EmptyState>
      ) : (
        <>
          <ul className="boat-list">
            {boats.data.map((boat) => (
              <li key={boat.id} className="boat-card">
                {boat.boat_photo_thumbnail_url ? (
                  <img src={boat.boat_photo_thumbnail_url} alt={`${boat.name}`} width={96} height={96} />
                ) : (
                  <span className="boat-card__placeholder" aria-hidden="true">
                    ⛵
                  </span>
                )}
                <div>
                  <h3>
                    {boat.name}{' '}
                    {!boat.is_active && (
                      <span className="role-badge">
                        <Trans context="boat">Inactive</Trans>
                      </span>
                    )}
                  </h3>
                  <BoatSummary boat={boat} />
                </div>
                <button type="button" className="button button--secondary button--small" onClick={() => setEditing(boat)}>
                  <EditLabel name={boat.name} />
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
            <Trans>Add Another Boat</Trans>
          </button>
        </>
      )}
      {editing && (
        <BoatDialog
          boat={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            setSaved(message);
            setEditing(null);
          }}
        />
      )}
    </div>
  );
}
