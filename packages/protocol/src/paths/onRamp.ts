// Funding (SPEC §7 "Other user and funding calls"). Server: modules/onRamp/.

/** The server's on-ramp paths. */
export const ON_RAMP_API = {
  /** POST /api/v1/plugins/moonpay_on_ramp/sign (bearer) `OnRampSignRequest` → `OnRampSignResponse` */
  sign: '/api/v1/plugins/moonpay_on_ramp/sign',
} as const;
