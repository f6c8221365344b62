import type { VoyageResponse } from '@crew/contracts';
import { equipmentLabel } from '@crew/contracts/constants';
import { BOAT_TYPE_LABEL } from '../../lib/format';
import { SailboatIcon } from '../Icons';

type Boat = NonNullable<VoyageResponse['boat']>;
const GROUPS: { key: keyof Boat['equipment']; label: string }[] = [
  { key: 'safety', label: 'Safety' },
  { key: 'navigation', label: 'Navigation' },
  { key: 'comfort', label: 'Comfort' },
];

export function BoatCard({ boat }: { boat: Boat }) {
  const photo = boat.boat_photo_url ?? boat.boat_photo_thumbnail_url;
  const hasEquipment = GROUPS.some((group) => boat.equipment[group.key].length > 0);
  return (
    <section className="card detail-card" aria-labelledby="boat-heading">
      <h2 id="boat-heading">The boat</h2>
      {photo ? (
        <img className="boat-photo" src={photo} alt={boat.name} loading="lazy" width={480} height={270} />
      ) : (
        <div className="boat-photo boat-photo--placeholder">
          <SailboatIcon size={64} />
        </div>
      )}
      <p className="boat__name">{boat.name}</p>
      <dl className="details">
        <dt>Type</dt>
        <dd>{BOAT_TYPE_LABEL[boat.boat_type] ?? boat.boat_type}</dd>
        {boat.make_model && (
          <>
            <dt>Make and model</dt>
            <dd>{boat.make_model}</dd>
          </>
        )}
        <dt>Length</dt>
        <dd>{Math.round(boat.length_feet)} ft</dd>
        {boat.year_built !== null && (
          <>
            <dt>Year</dt>
            <dd>{boat.year_built}</dd>
          </>
        )}
        {boat.berths !== null && (
          <>
            <dt>Berths</dt>
            <dd>{boat.berths}</dd>
          </>
        )}
      </dl>
      {hasEquipment && (
        <div className="equipment">
          <h3>Equipment</h3>
          {GROUPS.filter((group) => boat.equipment[group.key].length > 0).map((group) => (
            <div key={group.key}>
              <h4>{group.label}</h4>
              <ul className="chips">
                {boat.equipment[group.key].map((item) => (
                  <li key={item} className="chip-static">
                    {equipmentLabel(item)}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
