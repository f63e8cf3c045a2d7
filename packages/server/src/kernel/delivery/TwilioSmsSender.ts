import { LatchError } from '@latch/protocol';
import type { Logger } from '../logger.js';
import type { SmsMessage } from '../ports.js';

/** Settings of the Twilio sender (Programmable Messaging, "Create a Message" resource). */
interface TwilioSmsSenderOptions {
  /** `https://api.twilio.com` in production; a loopback stand-in in tests. */
  baseUrl: string;
  accountSid: string;
  authToken: string;
  /** A sender number in E.164, or a Messaging Service SID (`MG…`). */
  from: string;
  logger: Logger;
  /** Gives up on Twilio after this long. */
  timeoutMs?: number;
}

/** Twilio error 21408: the account may not send SMS to the region of the 'To' number (geo permissions). */
const REGION_NOT_SUPPORTED = new Set([21408]);

/** Sends SMS through Twilio's documented Messages API (form-encoded POST, HTTP basic auth). */
export class TwilioSmsSender {
  constructor(private readonly options: TwilioSmsSenderOptions) {}

  /** Sends one SMS; Twilio refusing it becomes `twilio_verification_failed` (or `not_supported` by region). */
  async sendSms(message: SmsMessage): Promise<void> {
    const { baseUrl, accountSid, authToken, from, logger } = this.options;
    const url = `${baseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
    const form = new URLSearchParams({ To: message.to, Body: message.text });
    form.set(from.startsWith('MG') ? 'MessagingServiceSid' : 'From', from);
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      logger.warn({ channel: 'sms', error: (error as Error).name }, 'Twilio could not be reached');
      throw new LatchError('twilio_verification_failed');
    }
    if (response.ok) return;
    // Twilio's error body: { code, message, more_info, status }.
    const body = (await response.json().catch(() => ({}))) as { code?: unknown };
    const twilioCode = typeof body.code === 'number' ? body.code : undefined;
    logger.warn({ channel: 'sms', status: response.status, twilioCode }, 'Twilio refused the SMS');
    if (twilioCode !== undefined && REGION_NOT_SUPPORTED.has(twilioCode)) throw new LatchError('not_supported');
    throw new LatchError('twilio_verification_failed');
  }
}
