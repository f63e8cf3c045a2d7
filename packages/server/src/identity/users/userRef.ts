/** A user of an app: the two ids every per-user row (wallet, MFA factor, passkey) is keyed by. */
export interface UserRef {
  appId: string;
  userId: string;
}
