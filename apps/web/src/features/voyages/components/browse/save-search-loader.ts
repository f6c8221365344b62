/**
 * How browse fetches "Save this search": through this one-line chunk, so the
 * page's own code names one file where the dialog needs a dozen (its form,
 * Radix and data layer chunks, each named in the preload list of whoever
 * imports it); this chunk names them instead. The pointer nearing the button
 * fetches both, so the click does not wait for the second step.
 */
export const loadSaveSearch = () => import('./SaveSearch');
