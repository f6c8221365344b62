import type { VoyageResponse } from '@crew/contracts';
import { Trans, useLingui } from '@lingui/react/macro';

/** For voyages without charted coordinates (custom voyages): the skipper's own description of the area. */
export function SailingAreaPanel({ voyage }: { voyage: VoyageResponse }) {
  const { t } = useLingui();
  const area = [voyage.departure_port, voyage.arrival_port].filter(Boolean).join(' → ');
  return (
    <div className="sailing-area" data-testid="sailing-area">
      <h3>
        <Trans>Sailing area</Trans>
      </h3>
      {area && <p className="sailing-area__ports">{area}</p>}
      {voyage.custom_voyage_notes ? (
        <p className="sailing-area__notes">{voyage.custom_voyage_notes}</p>
      ) : (
        <p className="muted">{voyage.is_custom_voyage ? t`The skipper will share the exact route with the crew.` : t`This route has no charted positions yet.`}</p>
      )}
    </div>
  );
}
