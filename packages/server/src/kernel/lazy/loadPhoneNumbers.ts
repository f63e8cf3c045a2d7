/**
 * libphonenumber-js with its full metadata (number types included), loaded at the first phone number instead of
 * at start: its ~100 modules cost every start ~40 ms, and most apps never see a phone number.
 */
export const loadPhoneNumbers = (): Promise<typeof import('libphonenumber-js/max')> => import('libphonenumber-js/max');
