/** The table of migration 016 as the MFA module sees it. */
export interface MfaTables {
  user_mfa: {
    user_id: string;
    app_id: string;
    /** `wallets/envelope.ts` output (`v1.<keyId>.…`), purpose `mfa-totp-kek`; null: no authenticator app. */
    totp_secret_sealed: string | null;
    /** The RFC 6238 time step of the last accepted code (a code of that step or an earlier one is refused). */
    totp_last_step: string | number | null;
    totp_enrolled_at: Date | null;
    /** E.164; null: no SMS MFA. */
    sms_phone: string | null;
    sms_enrolled_at: Date | null;
    created_at: Date;
  };
}
