import type { VoyageResponse } from '@crew/contracts';
import { CURRENCY_SYMBOLS } from '@crew/contracts/constants';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { i18n } from '../../../i18n/i18n';
import { formatCalendarDate, formatNumber, parseCalendarDate, toBeDecided } from '../../../lib/format';
import { FEATURED_COUNT, featuredVoyagesQueryOptions } from '../../../api/home';

const shortDate = (value: string | null, withYear: boolean): string => {
  const date = parseCalendarDate(value);
  return date ? formatCalendarDate(date, 'short', withYear) : toBeDecided();
};

/** "Jun 7 – Jun 11, 2027": when the voyage sails. */
export const sailingDates = (voyage: Pick<VoyageResponse, 'estimated_start_date' | 'estimated_end_date'>): string =>
  `${shortDate(voyage.estimated_start_date, false)} – ${shortDate(voyage.estimated_end_date, true)}`;

const CONTRIBUTION_TYPE_LABELS: Record<VoyageResponse['contribution_type'], MessageDescriptor> = { free: msg`Free`, shared_costs: msg`Shared costs`, paid: msg`Paid` };

/** What crew contribute, in a few words ("Shared costs · £180"). */
export function contributionText(voyage: Pick<VoyageResponse, 'contribution_type' | 'contribution_amount' | 'contribution_currency'>): string {
  const label = i18n._(CONTRIBUTION_TYPE_LABELS[voyage.contribution_type]);
  if (voyage.contribution_type === 'free' || !voyage.contribution_amount) return label;
  const symbol = CURRENCY_SYMBOLS[voyage.contribution_currency];
  const amount = formatNumber(voyage.contribution_amount, Number.isInteger(voyage.contribution_amount) ? 0 : 2);
  // The symbol's place follows the language ("£180", "180 £").
  return `${label} · ${t({ comment: 'An amount of money: its currency symbol and its number', message: `${symbol}${amount}` })}`;
}

/** Berths a crew member can still take for the whole voyage: the fullest leg's. */
export const berthsOpen = (voyage: Pick<VoyageResponse, 'segments'>): number =>
  voyage.segments.length === 0 ? 0 : Math.min(...voyage.segments.map((segment) => segment.berths_open));

function FeaturedCard({ voyage }: { voyage: VoyageResponse }) {
  const { t } = useLingui();
  const open = berthsOpen(voyage);
  const route = [voyage.departure_port, voyage.arrival_port].filter(Boolean).join(' → ');
  const picture = voyage.boat?.boat_photo_thumbnail_url ?? null;
  return (
    <li className="featured-card">
      {picture ? (
        <img className="featured-card__picture" src={picture} alt="" width={72} height={72} loading="lazy" decoding="async" />
      ) : (
        <span className="featured-card__picture featured-card__picture--none" aria-hidden="true" />
      )}
      <div className="featured-card__text">
        <Link className="featured-card__title" to={`/voyages/${voyage.id}`}>
          {voyage.title}
        </Link>
        <span className="featured-card__route">{route || t`Route to be announced`}</span>
        <span className="featured-card__meta">
          {sailingDates(voyage)} · {contributionText(voyage)} · {open === 0 ? t`crew complete` : t`${plural(open, { one: '# berth open', other: '# berths open' })}`}
        </span>
      </div>
    </li>
  );
}

/**
 * The next voyages to sail, in the hero: what the site is for, at a glance.
 * The list keeps its height while loading, so nothing below it moves.
 */
export function FeaturedVoyages() {
  const featured = useQuery(featuredVoyagesQueryOptions());
  const voyages = featured.data?.voyages ?? [];
  return (
    <section className="featured" aria-labelledby="featured-heading" aria-busy={featured.isPending}>
      <h2 id="featured-heading" className="featured__heading">
        <Trans>Sailing soon</Trans>
      </h2>
      {featured.isPending ? (
        <ul className="featured__list" aria-hidden="true">
          {Array.from({ length: FEATURED_COUNT }, (_, index) => (
            <li key={index} className="featured-card featured-card--placeholder" />
          ))}
        </ul>
      ) : featured.isError ? (
        <p className="featured__note">
          <Trans>The next voyages could not be loaded.</Trans>{' '}
          <button type="button" className="link-button featured__retry" onClick={() => void featured.refetch()}>
            <Trans>Retry</Trans>
          </button>
        </p>
      ) : voyages.length === 0 ? (
        <p className="featured__note">
          <Trans>No voyages are planned yet. Skippers: yours could be the first.</Trans>
        </p>
      ) : (
        <ul className="featured__list">
          {voyages.map((voyage) => (
            <FeaturedCard key={voyage.id} voyage={voyage} />
          ))}
        </ul>
      )}
      <Link className="featured__all" to="/voyages">
        <Trans>See all voyages on the map →</Trans>
      </Link>
    </section>
  );
}
