/**
 * What every page shows for a value it does not have: an en dash. Its own module, so the viewer's
 * small watch chunk (which formats durations) does not take dayjs in with it.
 */
export const NO_VALUE = '–';
