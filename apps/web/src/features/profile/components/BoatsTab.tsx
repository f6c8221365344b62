import type { BoatResponse } from '@crew/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/States';
import { myBoatsQueryOptions } from '../../../api/boats';
import { BoatDialog } from './BoatDialog';
import { SaveStatus } from './SaveStatus';

export function BoatsTab() {
  const boats = useQuery(myBoatsQueryOptions());
  const [editing, setEditing] = useState<BoatResponse | 'new' | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  if (boats.isPending) return <LoadingState label="Loading your boats…" />;
  if (boats.isError) return <ErrorState message={boats.error.message} onRetry={() => void boats.refetch()} />;
  return (
    <div>
      {/* The boat cards' names are h3: this keeps the outline h1 > h2 > h3 for screen readers. */}
      <h2 className="visually-hidden">My Boats</h2>
      <SaveStatus success={saved} error={null} failurePrefix="" />
      {boats.data.length === 0 ? (
        <EmptyState title="No boats yet">
          <p>Add your boat so crew know where they will sleep; you choose it when you publish a voyage.</p>
          <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
            Add Your First Boat
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
                    {boat.name} {!boat.is_active && <span className="role-badge">Inactive</span>}
                  </h3>
                  <p>{[boat.make_model, `${boat.length_feet} ft`, boat.boat_type.replace(/_/g, ' '), boat.home_port_name].filter(Boolean).join(' · ')}</p>
                  <p>
                    Max crew {boat.max_crew}
                    {boat.berths ? ` · ${boat.berths} berths` : ''}
                  </p>
                </div>
                <button type="button" className="button button--secondary button--small" onClick={() => setEditing(boat)}>
                  Edit<span className="visually-hidden"> {boat.name}</span>
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
            Add Another Boat
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
