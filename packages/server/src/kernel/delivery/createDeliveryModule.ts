import { LatchError } from '@latch/protocol';
import type { Clock } from '../clock.js';
import type { Settings } from '../config/config.js';
import type { Logger } from '../logger.js';
import type { DeliveryModule, EmailMessage, SmsMessage } from '../ports.js';
import { DevOutbox } from './DevOutbox.js';
import { SmtpEmailSender } from './SmtpEmailSender.js';
import { TwilioSmsSender } from './TwilioSmsSender.js';

/** Twilio's production API, used when TWILIO_BASE_URL is not set. */
const TWILIO_DEFAULT_BASE_URL = 'https://api.twilio.com';

type DeliverySettings = Pick<
  Settings,
  | 'dev'
  | 'publicUrl'
  | 'smtpUrl'
  | 'emailFrom'
  | 'twilioBaseUrl'
  | 'twilioAccountSid'
  | 'twilioAuthToken'
  | 'twilioFrom'
>;

const notConfigured = (what: string) =>
  new LatchError('internal_error', `${what} delivery is not configured on this server.`, { status: 503 });

/**
 * Wires delivery from the settings: SMTP when SMTP_URL is set, Twilio when its SID, token and sender
 * are set; in dev mode every message also lands in the dev outbox (and nothing else is required).
 */
export function createDeliveryModule(settings: DeliverySettings, clock: Clock, logger: Logger): DeliveryModule {
  const outbox = new DevOutbox(clock);
  const smtp = settings.smtpUrl
    ? new SmtpEmailSender({
        smtpUrl: settings.smtpUrl,
        from: settings.emailFrom ?? `no-reply@${new URL(settings.publicUrl).hostname}`,
        logger,
      })
    : undefined;
  const { twilioAccountSid, twilioAuthToken, twilioFrom } = settings;
  const twilio =
    twilioAccountSid && twilioAuthToken && twilioFrom
      ? new TwilioSmsSender({
          baseUrl: settings.twilioBaseUrl ?? TWILIO_DEFAULT_BASE_URL,
          accountSid: twilioAccountSid,
          authToken: twilioAuthToken,
          from: twilioFrom,
          logger,
        })
      : undefined;
  if (!settings.dev && !smtp) logger.warn('SMTP_URL is not set: email codes cannot be sent');
  if (!settings.dev && !twilio) logger.warn('Twilio is not configured: SMS codes cannot be sent');
  return {
    delivery: {
      async sendEmail(message: EmailMessage) {
        if (settings.dev) await outbox.sendEmail(message);
        if (smtp) await smtp.sendEmail(message);
        else if (!settings.dev) throw notConfigured('Email');
      },
      async sendSms(message: SmsMessage) {
        if (settings.dev) await outbox.sendSms(message);
        if (twilio) await twilio.sendSms(message);
        else if (!settings.dev) throw notConfigured('SMS');
      },
    },
    outbox: { list: async () => (settings.dev ? outbox.list() : []) },
    async close() {
      smtp?.close();
    },
  };
}
