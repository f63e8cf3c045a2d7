import type { SecurityEventDetail, SecurityEventType } from '@latch/protocol';
import type { Delivery } from '../../kernel/ports.js';
import type { LinkedAccountRow } from '../identityTables.js';
import { emailChangedNotice } from './emailChangedNotice.js';

/** One verified channel a notice goes to. */
export interface NoticeChannel {
  channel: 'email' | 'sms';
  /** A normalised address or an E.164 number. */
  to: string;
}

/** Every verified channel of the user: each linked email and phone (a linked account is verified), without repeats. */
export function verifiedChannels(accounts: readonly Pick<LinkedAccountRow, 'type' | 'account_key'>[]): NoticeChannel[] {
  const seen = new Set<string>();
  const out: NoticeChannel[] = [];
  for (const a of accounts) {
    const channel = a.type === 'email' ? 'email' : a.type === 'phone' ? 'sms' : undefined;
    if (!channel || seen.has(`${channel}:${a.account_key}`)) continue;
    seen.add(`${channel}:${a.account_key}`);
    out.push({ channel, to: a.account_key });
  }
  return out;
}

const SECURE = (app: string) =>
  `If this was you, there is nothing to do. If it was not, log in to ${app} at once and secure your email or phone.`;
/** `email j•••@x.com`, or the type alone when the identifier is not known yet (an OAuth link, before its exchange). */
const named = (d: SecurityEventDetail) => [d.account_type ?? 'A login method', d.identifier].filter(Boolean).join(' ');
const METHOD = { totp: 'an authenticator app', sms: 'SMS codes', passkey: 'a passkey' } as const;

/** Each event's subject and what its text says; `d` is the event's detail (masked, no secret). */
const NOTICE: Record<SecurityEventType, (app: string, d: SecurityEventDetail) => { subject: string; body: string }> = {
  recovery_released: (app) => ({
    subject: 'A new device can now use your wallet',
    body: `If this was you, there is nothing to do. If it was not, log in to ${app}, remove that device and secure your email or phone.`,
  }),
  device_registered: (app, d) => ({
    subject: 'A new device signed in to your account',
    body: `A device (${d.device}) can now ask for your wallet. ${SECURE(app)}`,
  }),
  export_released: () => ({
    subject: 'Your wallet key was exported',
    body: 'If this was you, keep the key safe. If it was not, move your funds to a new wallet now: whoever holds the key controls the wallet.',
  }),
  account_linked: (app, d) => ({
    subject: 'A login method was added to your account',
    body: `${named(d)} can now log in to your account. ${SECURE(app)}`,
  }),
  account_unlinked: (app, d) => ({
    subject: 'A login method was removed from your account',
    body: `${named(d)} can no longer log in to your account. ${SECURE(app)}`,
  }),
  login_email_changed: (app, d) => ({
    subject: `Your ${app} login email was changed`,
    body: `From ${d.identifier} to ${d.new_identifier}. ${SECURE(app)}`,
  }),
  login_phone_changed: (app, d) => ({
    subject: `Your ${app} login phone number was changed`,
    body: `From ${d.identifier} to ${d.new_identifier}. ${SECURE(app)}`,
  }),
  mfa_enrolled: (app, d) => ({
    subject: 'A verification method was added to your account',
    body: `Verification with ${d.mfa_method ? METHOD[d.mfa_method] : 'a new method'} is on. ${SECURE(app)}`,
  }),
  recovery_password_locked: (app) => ({
    subject: 'Wallet password recovery is locked after too many wrong passwords',
    body: `It opens again within the hour. If this was not you, someone logged in to ${app} as you: secure your email or phone, and choose a long wallet password.`,
  }),
  recovery_method_changed: (app, d) => ({
    subject: 'Your wallet recovery method was changed',
    body: `Your wallet can now be recovered with ${d.recovery_method === 'icloud' ? 'an iCloud backup' : d.recovery_method === 'google-drive' ? 'a Google Drive backup' : 'a new method'}. ${SECURE(app)}`,
  }),
  wallet_imported: (app, d) => ({
    subject: 'A private key was imported as your wallet',
    body: `Your ${app} wallet is now the key imported on device ${d.device}. ${SECURE(app)}`,
  }),
  mfa_removed: (app, d) => ({
    subject: 'A verification method was removed from your account',
    body: `Verification with ${d.mfa_method ? METHOD[d.mfa_method] : 'a method'} is off. ${SECURE(app)}`,
  }),
};

/** The text of a notice: the same for email and SMS, naming the app. */
export function securityNoticeText(
  type: SecurityEventType,
  appName: string,
  detail: SecurityEventDetail,
): { subject: string; text: string } {
  const { subject, body } = NOTICE[type](appName, detail);
  return { subject, text: `${subject} (${appName}). ${body}` };
}

/** What a login email change tells both addresses, in full: the old owner learns who took the address. */
export interface EmailChange {
  oldAddress: string;
  newAddress: string;
}

/** Sends one notice (no code: `code` is '' and the dev outbox shows the text) through the server's delivery. */
export async function sendSecurityNotice(
  delivery: Delivery,
  to: NoticeChannel,
  appName: string,
  type: SecurityEventType,
  detail: SecurityEventDetail,
  emailChange?: EmailChange,
): Promise<void> {
  if (emailChange && to.channel === 'email') {
    await delivery.sendEmail({
      ...emailChangedNotice(appName, emailChange.oldAddress, emailChange.newAddress),
      to: to.to,
    });
    return;
  }
  const { subject, text } = securityNoticeText(type, appName, detail);
  if (to.channel === 'email') await delivery.sendEmail({ to: to.to, subject, text, code: '' });
  else await delivery.sendSms({ to: to.to, text, code: '' });
}
