import { MAX_MANUAL_DISTANCE_NM, MAX_VOYAGE_LEGS } from '@crew/rules';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { useFieldArray, type Control } from 'react-hook-form';
import { TextField } from '../../../../components/ui/TextField';
import { routeCheckQueryOptions } from '../../../../api/voyage-route-check';
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

  return (
    <section className="card voyage-form__section" aria-labelledby={headingId}>
      <h2 id={headingId}>Route planning</h2>
      {values.is_custom_voyage ? (
        <>
          <div className="form__row">
            <TextField
              label="Departure location"
              value={values.departure_location}
              onValueChange={(departure_location) => onChange({ departure_location })}
              error={errorOf('departure_location')}
              placeholder="e.g. Anchorage off Cala Mitjana"
            />
            <TextField
              label="Destination location"
              value={values.arrival_location}
              onValueChange={(arrival_location) => onChange({ arrival_location })}
              error={errorOf('arrival_location')}
              placeholder="e.g. Open water, return to start"
            />
          </div>
          <TextField
            label="Distance (nautical miles)"
            type="number"
            min={0}
            step="any"
            inputMode="decimal"
            value={values.distance_nm}
            onValueChange={(distance_nm) => onChange({ distance_nm })}
            error={errorOf('distance_nm')}
            hint="Your own estimate: a custom voyage has no ports to measure between."
          />
          <div className="field">
            <label htmlFor={`${headingId}-notes`}>Route notes</label>
            <textarea
              id={`${headingId}-notes`}
              rows={3}
              value={values.custom_voyage_notes}
              onChange={(event) => onChange({ custom_voyage_notes: event.target.value })}
              placeholder="Where you plan to sail, anchorages, flexibility…"
            />
          </div>
        </>
      ) : (
        <>
          <ol className="route-stops">
            {stops.map((stop, index) => {
              const role = index === 0 ? 'departure' : index === last ? 'destination' : 'stop';
              const label = role === 'departure' ? 'Departure port' : role === 'destination' ? 'Destination port' : `Stop ${index}`;
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
                      Custom point at {stop.port.coordinates[1].toFixed(4)}, {stop.port.coordinates[0].toFixed(4)}
                    </p>
                  )}
                  {placing?.key === stop.key && (
                    <div className="route-stop__pin">
                      <p className="field__hint" id={`${stop.key}-pin-hint`}>
                        Click the map where “{placing.name}” is.
                      </p>
                      <Suspense fallback={<p className="field__hint">Loading map…</p>}>
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
                        Cancel<span className="visually-hidden"> placing {placing.name}</span>
                      </button>
                    </div>
                  )}
                  {role === 'stop' && (
                    <div className="route-stop__tools">
                      <div className="route-stop__dates">
                        <TextField
                          label={`Arrival at stop ${index}`}
                          type="date"
                          value={stop.arrivalDate}
                          min={values.estimated_start_date || undefined}
                          max={values.estimated_end_date || undefined}
                          onValueChange={(arrivalDate) => setStop(index, { arrivalDate })}
                          error={errorOf(stopDatesField(index))}
                        />
                        <TextField
                          label={`Departure from stop ${index}`}
                          type="date"
                          value={stop.departureDate}
                          min={stop.arrivalDate || values.estimated_start_date || undefined}
                          max={values.estimated_end_date || undefined}
                          onValueChange={(departureDate) => setStop(index, { departureDate })}
                          hint="Empty: leaves the day it arrives."
                        />
                      </div>
                      <div className="route-stop__buttons">
                        <button type="button" className="button button--small button--secondary" onClick={() => moveStop(index, -1)} disabled={index <= 1}>
                          ↑<span className="visually-hidden"> Move stop {index} up</span>
                        </button>
                        <button type="button" className="button button--small button--secondary" onClick={() => moveStop(index, 1)} disabled={index >= last - 1}>
                          ↓<span className="visually-hidden"> Move stop {index} down</span>
                        </button>
                        <button type="button" className="button button--small button--secondary" onClick={() => removeStop(index)}>
                          Remove<span className="visually-hidden"> stop {index}</span>
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
              + Add intermediate stop
            </button>
          </div>
          {errorOf('segments') && (
            <p className="form__error" role="alert">
              {errorOf('segments')}
            </p>
          )}
          <div className="route-preview">
            <h3>Route preview</h3>
            {legs.length === 0 ? (
              <p className="field__hint">Pick a departure and a destination to see the legs and distances.</p>
            ) : (
              <>
                <ol className="route-preview__legs">
                  {legs.map((leg, index) => {
                    const overLand = crossesLand(index);
                    const own = leg.ownDistance.trim() !== '';
                    return (
                      <li key={leg.key} className={overLand ? 'route-leg route-leg--land' : 'route-leg'}>
                        <div className="route-leg__line">
                          <span>
                            Leg {index + 1}: {leg.from.port.name} → {leg.to.port.name}
                          </span>
                          <span className="route-preview__nm">
                            {leg.distanceNm.toLocaleString('en-US')} nm{own ? ' (your distance)' : ''}
                          </span>
                        </div>
                        {overLand && (
                          <p className="route-leg__notice" role="note">
                            <strong>The straight line crosses land.</strong> {leg.greatCircleNm.toLocaleString('en-US')} nm is a straight-line estimate; the passage around the
                            coast is longer. Enter the distance you expect to sail.
                          </p>
                        )}
                        {(overLand || own) && (
                          <TextField
                            label={`Your distance for leg ${index + 1} (nm)`}
                            type="number"
                            min={1}
                            max={MAX_MANUAL_DISTANCE_NM}
                            step="any"
                            inputMode="decimal"
                            value={leg.ownDistance}
                            onValueChange={(distance) => setOwnDistance(leg, distance)}
                            error={errorOf(legDistanceField(index))}
                            hint={own ? 'Clear it to use the straight-line estimate again.' : undefined}
                          />
                        )}
                      </li>
                    );
                  })}
                </ol>
                <p className="route-preview__total" aria-live="polite">
                  Total distance: <strong>{totalNm.toLocaleString('en-US')} nm</strong> ({legs.length} {legs.length === 1 ? 'leg' : 'legs'}
                  {ownCount === 0 ? ', great-circle' : `, ${ownCount} with your own distance`})
                </p>
                {landCheck.isError && (
                  <p className="field__hint" role="status">
                    The route could not be checked against the coastline: a leg may cross land.{' '}
                    <button type="button" className="link-button" onClick={() => void landCheck.refetch()}>
                      Check again
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
