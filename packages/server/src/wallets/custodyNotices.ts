import type { WireExportInit } from '@latch/protocol/schemas';
import type { Delivery } from '../ports.js';
import type { LinkedAccountRow } from '../store/schema.js';

/** Where custody codes and notices go: the user's verified email, else their phone. */
export interface CustodyContact {
  channel: 'email' | 'sms';
  /** A normalised address or an E.164 number. */
  to: string;
}

/** The user's preferred verified channel (every linked account is verified), or undefined when they have none. */
export function custodyContact(
  accounts: readonly Pick<LinkedAccountRow, 'type' | 'account_key'>[],
): CustodyContact | undefined {
  // The most recently linked email wins, then the most recently linked phone.
  const last = (type: string) => accounts.filter((a) => a.type === type).at(-1)?.account_key;
  const email = last('email');
  if (email) return { channel: 'email', to: email };
  const phone = last('phone');
  return phone ? { channel: 'sms', to: phone } : undefined;
}

/** The destination as the export page shows it: `j•••@example.com`, `•••••••4567`. */
export function maskedContact(contact: CustodyContact): WireExportInit {
  if (contact.channel === 'email') {
    const at = contact.to.lastIndexOf('@');
    return { channel: 'email', destination: `${contact.to.slice(0, 1)}•••${contact.to.slice(at)}` };
  }
  return { channel: 'sms', destination: `•••••••${contact.to.slice(-4)}` };
}

/** The notices custody sends (no code: `code` is '' and the dev outbox shows the text). */
export type CustodyNotice = 'new-device' | 'key-exported' | 'password-locked';

const NOTICE_TEXT: Record<CustodyNotice, { subject: string; advice: (app: string) => string }> = {
  'new-device': {
    subject: 'A new device can now use your wallet',
    advice: (app) =>
      `If this was you, there is nothing to do. If it was not, log in to ${app}, remove that device and secure your email or phone.`,
  },
  'key-exported': {
    subject: 'Your wallet key was exported',
    advice: () =>
      'If this was you, keep the key safe. If it was not, move your funds to a new wallet now: whoever holds the key controls the wallet.',
  },
  'password-locked': {
    subject: 'Wallet password recovery is locked after too many wrong passwords',
    advice: (app) =>
      `It opens again within the hour. If this was not you, someone logged in to ${app} as you: secure your email or phone, and choose a long wallet password.`,
  },
};

/** The text of a notice: the same for email and SMS, naming the app. */
export function custodyNoticeText(notice: CustodyNotice, appName: string): { subject: string; text: string } {
  const { subject, advice } = NOTICE_TEXT[notice];
  return { subject, text: `${subject} (${appName}). ${advice(appName)}` };
}

/** Sends a custody notice through the server's delivery (email or SMS). */
export async function sendCustodyNotice(
  delivery: Delivery,
  contact: CustodyContact,
  appName: string,
  notice: CustodyNotice,
): Promise<void> {
  const { subject, text } = custodyNoticeText(notice, appName);
  if (contact.channel === 'email') await delivery.sendEmail({ to: contact.to, subject, text, code: '' });
  else await delivery.sendSms({ to: contact.to, text, code: '' });
}

/** Every verified channel of the user: each linked email and phone (linking verifies them). */
export function custodyContacts(accounts: readonly Pick<LinkedAccountRow, 'type' | 'account_key'>[]): CustodyContact[] {
  return accounts.flatMap((a): CustodyContact[] => {
    if (a.type === 'email') return [{ channel: 'email', to: a.account_key }];
    return a.type === 'phone' ? [{ channel: 'sms', to: a.account_key }] : [];
  });
}

/** Sends `notice` to every verified channel of the user (custodyContacts). */
export async function sendCustodyNoticeToAll(
  delivery: Delivery,
  accounts: readonly Pick<LinkedAccountRow, 'type' | 'account_key'>[],
  appName: string,
  notice: CustodyNotice,
): Promise<void> {
  for (const contact of custodyContacts(accounts)) await sendCustodyNotice(delivery, contact, appName, notice);
}

/** The email or SMS carrying an export code. */
export async function sendExportCode(
  delivery: Delivery,
  contact: CustodyContact,
  appName: string,
  code: string,
  minutes: number,
): Promise<void> {
  const text = `${code} is your code to export your ${appName} wallet key. It expires in ${minutes} minutes. If you did not ask to export your key, do not share this code with anyone and secure your account.`;
  if (contact.channel === 'email') {
    await delivery.sendEmail({
      to: contact.to,
      subject: `${code} is your wallet export code for ${appName}`,
      text,
      code,
    });
  } else await delivery.sendSms({ to: contact.to, text, code });
}
