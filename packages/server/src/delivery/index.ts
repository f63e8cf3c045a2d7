export { emailCodeMessage, smsCodeMessage } from './codeMessages.js';
export { createDeliveryModule, TWILIO_DEFAULT_BASE_URL } from './createDeliveryModule.js';
export { DEV_OUTBOX_SIZE, DevOutbox } from './DevOutbox.js';
export { SmtpEmailSender, type SmtpEmailSenderOptions } from './SmtpEmailSender.js';
export { TwilioSmsSender, type TwilioSmsSenderOptions } from './TwilioSmsSender.js';
