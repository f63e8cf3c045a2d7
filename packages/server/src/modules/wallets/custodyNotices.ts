import type { WireExportInit } from '@latch/protocol/schemas';
import type { LinkedAccountRow } from '../../identity/identityTables.js';
import { maskEmail, maskPhone } from '../../identity/securityEvents/maskIdentifier.js';
import type { Delivery } from '../../kernel/ports.js';

/** Where export codes go: the user's verified email, else their phone (notices go to every channel: securityEvents/). */
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
export function maskedContact(contact: CustodyContact): WireExportInit & { channel: 'email' | 'sms' } {
  if (contact.channel === 'email') return { channel: 'email', destination: maskEmail(contact.to) };
  return { channel: 'sms', destination: maskPhone(contact.to) };
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
