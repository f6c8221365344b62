import type { VoyageResponse } from '@crew/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatFeet } from '../../lib/format';
import { boatTypeLabel } from '../../../../lib/code-labels';
import { equipmentName } from '../../../../lib/skill-labels';
import { SailboatIcon } from '../Icons';

type Boat = NonNullable<VoyageResponse['boat']>;
const GROUPS: { key: keyof Boat['equipment']; label: MessageDescriptor }[] = [
  { key: 'safety', label: msg`Safety` },
  { key: 'navigation', label: msg`Navigation` },
  { key: 'comfort', label: msg`Comfort` },
];

export function BoatCard({ boat }: { boat: Boat }) {
  const { i18n } = useLingui();
  const photo = boat.boat_photo_url ?? boat.boat_photo_thumbnail_url;
  const hasEquipment = GROUPS.some((group) => boat.equipment[group.key].length > 0);
  return (
    <section className="card detail-card" aria-labelledby="boat-heading">
      <h2 id="boat-heading">
        <Trans>The boat</Trans>
      </h2>
      {photo ? (
        <img className="boat-photo" src={photo} alt={boat.name} loading="lazy" width={480} height={270} />
      ) : (
        <div className="boat-photo boat-photo--placeholder">
          <SailboatIcon size={64} />
        </div>
      )}
      <p className="boat__name">{boat.name}</p>
      <dl className="details">
        <dt>
          <Trans>Type</Trans>
        </dt>
        <dd>{boatTypeLabel(boat.boat_type)}</dd>
        {boat.make_model && (
          <>
            <dt>
              <Trans>Make and model</Trans>
            </dt>
            <dd>{boat.make_model}</dd>
          </>
        )}
        <dt>
          <Trans>Length</Trans>
        </dt>
        <dd>{formatFeet(boat.length_feet)}</dd>
        {boat.year_built !== null && (
          <>
            <dt>
              <Trans>Year</Trans>
            </dt>
            <dd>{boat.year_built}</dd>
          </>
        )}
        {boat.berths !== null && (
          <>
            <dt>
              <Trans>Berths</Trans>
            </dt>
            <dd>{boat.berths}</dd>
          </>
        )}
      </dl>
      {hasEquipment && (
        <div className="equipment">
          <h3>
            <Trans>Equipment</Trans>
          </h3>
          {GROUPS.filter((group) => boat.equipment[group.key].length > 0).map((group) => (
            <div key={group.key}>
              <h4>{i18n._(group.label)}</h4>
              <ul className="chips">
                {boat.equipment[group.key].map((item) => (
                  <li key={item} className="chip-static">
                    {equipmentName(item)}
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
