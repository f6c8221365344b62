import type { SAILING_AREAS } from '@crew/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { i18n } from '../../i18n/i18n';

/** The sailing areas a profile lists (kept in English), as a member reads them; looked up when shown. */
const SAILING_AREA: Record<(typeof SAILING_AREAS)[number], MessageDescriptor> = {
  'Coastal Waters': msg`Coastal Waters`,
  Offshore: msg`Offshore`,
  'Ocean Crossing': msg`Ocean Crossing`,
  Mediterranean: msg`Mediterranean`,
  Caribbean: msg`Caribbean`,
  'North Atlantic': msg`North Atlantic`,
  Pacific: msg`Pacific`,
  'Channel/North Sea': msg`Channel/North Sea`,
};

/** "Mediterranean", "Méditerranée"; an area the list does not have (written before it existed) as it was written. */
export const sailingAreaLabel = (area: string): string => {
  const label = (SAILING_AREA as Readonly<Record<string, MessageDescriptor | undefined>>)[area];
  return label ? i18n._(label) : area;
};
