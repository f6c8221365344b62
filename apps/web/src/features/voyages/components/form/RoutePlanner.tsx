import { MAX_MANUAL_DISTANCE_NM, MAX_VOYAGE_LEGS } from '@crew/rules';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { useFieldArray, type Control } from 'react-hook-form';
import { TextField } from '../../../../components/ui/TextField';
import { routeCheckQueryOptions } from '../../../../api/voyage-route-check';
import { formatNumber } from '../../lib/format';
import { customPoint, formLegs, legDistanceField, newStop, portFromSearch, selectedPoints, stopDatesField, type FormLeg, type Stop, type VoyageFormValues } from './form-state';
import { PortCombobox } from './PortCombobox';

// Leaflet loads only when a custom point is placed.
const CustomPointPicker = lazy(() => import('../map/CustomPointPicker').then((module) => ({ default: module.CustomPointPicker })));

/** The contract's limit of legs, so one more stop. */
const MAX_STOPS = MAX_VOYAGE_LEGS + 1;

interface RoutePlannerProps {
  /** The voyage form's control: the stops are its field array. */
  readonly control: Control<VoyageFormValues, unknown, VoyageFormValues>;
  readonly values: VoyageFormValues;
  /** The message shown at a field or place of the route, if any. */
  readonly errorOf: (name: string) => string | undefined;
  readonly onChange: (patch: Partial<VoyageFormValues>) => void;
  /** A stop was changed, added, moved or removed. */
  readonly onStopsChange: () => void;
}

/** Departure, intermediate stops and destination from the port search, or free-text locations for a custom voyage. */
export function RoutePlanner({ control, values, errorOf, onChange, onStopsChange }: RoutePlannerProps) {
  const { t } = useLingui();
  const headingId = useId();
  const { stops } = values;
  // Each stop keeps its own key (React's, and its legs'), so the field array's ids are not used.
  const stopList = useFieldArray({ control, name: 'stops' });
  /** The stop (by key) being placed on the map, and its name. */
  const [placing, setPlacing] = useState<{ key: string; name: string } | null>(null);
  const setStop = (index: number, patch: Partial<Stop>) => {
    const stop = stops[index];
    if (!stop) return;
    stopList.update(index, { ...stop, ...patch });
    onStopsChange();
  };
  const addStop = () => {
    stopList.insert(stops.length - 1, newStop());
    onStopsChange();
  };
  const removeStop = (index: number) => {
    stopList.remove(index);
    onStopsChange();
  };
  const moveStop = (index: number, by: -1 | 1) => {
    stopList.move(index, index + by);
    onStopsChange();
  };

  const legs = formLegs(values);
  const totalNm = legs.reduce((sum, leg) => sum + leg.distanceNm, 0);
  const ownCount = legs.filter((leg) => leg.ownDistance.trim() !== '').length;
  const landCheck = useQuery(routeCheckQueryOptions(selectedPoints(stops).map((point) => point.coordinates)));
  const crossesLand = (index: number): boolean => landCheck.data?.legs[index]?.crosses_land === true;
  const setOwnDistance = (leg: FormLeg, distance: string) => onChange({ leg_distances: { ...values.leg_distances, [leg.key]: distance } });
  const last = stops.length - 1;
  const total = formatNumber(totalNm);
  const legCount = legs.length;

  return (
    <section className="card voyage-form__section" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Route planning</Trans>
      </h2>
      {values.is_custom_voyage ? (
        <>
          <div className="form__row">
            <TextField
              label={t`Departure location`}
              value={values.departure_location}
              onValueChange={(departure_location) => onChange({ departure_location })}
              error={errorOf('departure_location')}
              placeholder={t`e.g. Anchorage off Cala Mitjana`}
            />
            <TextField
              label={t`Destination location`}
              value={values.arrival_location}
              onValueChange={(arrival_location) => onChange({ arrival_location })}
              error={errorOf('arrival_location')}
              placeholder={t`e.g. Open water, return to start`}
            />
          </div>
          <TextField
            label={t`Distance (nautical miles)`}
            type="number"
            min={0}
            step="any"
            inputMode="decimal"
            value={values.distance_nm}
            onValueChange={(distance_nm) => onChange({ distance_nm })}
            error={errorOf('distance_nm')}
            hint={t`Your own estimate: a custom voyage has no ports to measure between.`}
          />
          <div className="field">
            <label htmlFor={`${headingId}-notes`}>
              <Trans>Route notes</Trans>
            </label>
            <textarea
              id={`${headingId}-notes`}
              rows={3}
              value={values.custom_voyage_notes}
              onChange={(event) => onChange({ custom_voyage_notes: event.target.value })}
              placeholder={t`Where you plan to sail, anchorages, flexibility…`}
            />
          </div>
        </>
      ) : (
        <>
          <ol className="route-stops">
            {stops.map((stop, index) => {
              const role = index === 0 ? 'departure' : index === last ? 'destination' : 'stop';
              const label = role === 'departure' ? t`Departure port` : role === 'destination' ? t`Destination port` : t`Stop ${index}`;
              const latitude = stop.port ? formatNumber(stop.port.coordinates[1], 4) : '';
              const longitude = stop.port ? formatNumber(stop.port.coordinates[0], 4) : '';
              const placingName = placing?.name ?? '';
              return (
                <li key={stop.key} className={`route-stop route-stop--${role}`}>
                  <PortCombobox
                    label={label}
                    query={stop.query}
                    error={role === 'departure' ? errorOf('departure') : role === 'destination' ? errorOf('destination') : undefined}
                    onQueryChange={(query) => setStop(index, { query, port: null })}
                    onSelect={(port) => setStop(index, { query: port.name, port: portFromSearch(port) })}
                    onCustomPoint={(name) => setPlacing({ key: stop.key, name })}
                  />
                  {stop.port && stop.port.id === null && placing?.key !== stop.key && (
                    <p className="field__hint">
                      <Trans>
                        Custom point at {latitude}, {longitude}
                      </Trans>
                    </p>
                  )}
                  {placing?.key === stop.key && (
                    <div className="route-stop__pin">
                      <p className="field__hint" id={`${stop.key}-pin-hint`}>
                        <Trans>Click the map where “{placingName}” is.</Trans>
                      </p>
                      <Suspense
                        fallback={
                          <p className="field__hint">
                            <Trans>Loading map…</Trans>
                          </p>
                        }
                      >
                        <CustomPointPicker
                          name={placing.name}
                          near={
                            stops
                              .slice(0, index)
                              .reverse()
                              .find((s) => s.port)?.port?.coordinates ?? null
                          }
                          onPick={(coordinates) => {
                            setStop(index, { query: placing.name, port: customPoint(placing.name, coordinates) });
                            setPlacing(null);
                          }}
                        />
                      </Suspense>
                      <button type="button" className="button button--small button--secondary" onClick={() => setPlacing(null)}>
                        <Trans>
                          Cancel<span className="visually-hidden"> placing {placingName}</span>
                        </Trans>
                      </button>
                    </div>
                  )}
                  {role === 'stop' && (
                    <div className="route-stop__tools">
                      <div className="route-stop__dates">
                        <TextField
                          label={t`Arrival at stop ${index}`}
                          type="date"
                          value={stop.arrivalDate}
                          min={values.estimated_start_date || undefined}
                          max={values.estimated_end_date || undefined}
                          onValueChange={(arrivalDate) => setStop(index, { arrivalDate })}
                          error={errorOf(stopDatesField(index))}
                        />
                        <TextField
                          label={t`Departure from stop ${index}`}
                          type="date"
                          value={stop.departureDate}
                          min={stop.arrivalDate || values.estimated_start_date || undefined}
                          max={values.estimated_end_date || undefined}
                          onValueChange={(departureDate) => setStop(index, { departureDate })}
                          hint={t`Empty: leaves the day it arrives.`}
                        />
                      </div>
                      <div className="route-stop__buttons">
                        <button type="button" className="button button--small button--secondary" onClick={() => moveStop(index, -1)} disabled={index <= 1}>
                          ↑
                          <span className="visually-hidden">
                            {' '}
                            <Trans>Move stop {index} up</Trans>
                          </span>
                        </button>
                        <button type="button" className="button button--small button--secondary" onClick={() => moveStop(index, 1)} disabled={index >= last - 1}>
                          ↓
                          <span className="visually-hidden">
                            {' '}
                            <Trans>Move stop {index} down</Trans>
                          </span>
                        </button>
                        <button type="button" className="button button--small button--secondary" onClick={() => removeStop(index)}>
                          <Trans>
                            Remove<span className="visually-hidden"> stop {index}</span>
                          </Trans>
                        </button>
                      </div>
                    </div>
                  )}
                </li>
              );
            })}
          </ol>
          <div className="actions">
            <button type="button" className="button button--secondary" onClick={addStop} disabled={stops.length >= MAX_STOPS}>
              <Trans>+ Add intermediate stop</Trans>
            </button>
          </div>
          {errorOf('segments') && (
            <p className="form__error" role="alert">
              {errorOf('segments')}
            </p>
          )}
          <div className="route-preview">
            <h3>
              <Trans>Route preview</Trans>
            </h3>
            {legs.length === 0 ? (
              <p className="field__hint">
                <Trans>Pick a departure and a destination to see the legs and distances.</Trans>
              </p>
            ) : (
              <>
                <ol className="route-preview__legs">
                  {legs.map((leg, index) => {
                    const overLand = crossesLand(index);
                    const own = leg.ownDistance.trim() !== '';
                    const number = index + 1;
                    const from = leg.from.port.name;
                    const to = leg.to.port.name;
                    const distance = formatNumber(leg.distanceNm);
                    const straight = formatNumber(leg.greatCircleNm);
                    return (
                      <li key={leg.key} className={overLand ? 'route-leg route-leg--land' : 'route-leg'}>
                        <div className="route-leg__line">
                          <span>
                            <Trans>
                              Leg {number}: {from} → {to}
                            </Trans>
                          </span>
                          <span className="route-preview__nm">{own ? t`${distance} nm (your distance)` : t`${distance} nm`}</span>
                        </div>
                        {overLand && (
                          <p className="route-leg__notice" role="note">
                            <Trans>
                              <strong>The straight line crosses land.</strong> {straight} nm is a straight-line estimate; the passage around the coast is longer. Enter the distance
                              you expect to sail.
                            </Trans>
                          </p>
                        )}
                        {(overLand || own) && (
                          <TextField
                            label={t`Your distance for leg ${number} (nm)`}
                            type="number"
                            min={1}
                            max={MAX_MANUAL_DISTANCE_NM}
                            step="any"
                            inputMode="decimal"
                            value={leg.ownDistance}
                            onValueChange={(distance) => setOwnDistance(leg, distance)}
                            error={errorOf(legDistanceField(index))}
                            hint={own ? t`Clear it to use the straight-line estimate again.` : undefined}
                          />
                        )}
                      </li>
                    );
                  })}
                </ol>
                <p className="route-preview__total" aria-live="polite">
                  {ownCount === 0 ? (
                    <Trans>
                      Total distance: <strong>{total} nm</strong> (<Plural value={legCount} one="# leg" other="# legs" />, great-circle)
                    </Trans>
                  ) : (
                    <Trans>
                      Total distance: <strong>{total} nm</strong> (<Plural value={legCount} one="# leg" other="# legs" />, {ownCount} with your own distance)
                    </Trans>
                  )}
                </p>
                {landCheck.isError && (
                  <p className="field__hint" role="status">
                    <Trans>The route could not be checked against the coastline: a leg may cross land.</Trans>{' '}
                    <button type="button" className="link-button" onClick={() => void landCheck.refetch()}>
                      <Trans>Check again</Trans>
                    </button>
                  </p>
                )}
              </>
            )}
          </div>
        </>
      )}
    </section>
  );
}
