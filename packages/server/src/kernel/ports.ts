/**
 * Ports: interfaces the core server defines and other modules implement (delivery and the dev
 * outbox by the passwordless module). `createLatchServer` wires the implementations.
 */

/** One message the server "sent", as the dev outbox lists it. */
export interface OutboxMessage {
  channel: 'email' | 'sms';
  recipient: string;
  code: string;
  text: string;
  subject?: string;
  /** ISO 8601 time. */
  sent_at: string;
}

/** The dev outbox: the most recent messages, newest first. */
export interface Outbox {
  list(): Promise<OutboxMessage[]>;
}

/** An email to send. `code` is given separately so the dev outbox can show it; adapters never log it. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  code: string;
}

/** An SMS to send (`to` in E.164). */
export interface SmsMessage {
  to: string;
  text: string;
  code: string;
}

/** Sends codes to people. Throws LatchError (e.g. twilio_verification_failed) when a provider refuses. */
export interface Delivery {
  sendEmail(message: EmailMessage): Promise<void>;
  sendSms(message: SmsMessage): Promise<void>;
}

/** Both halves a delivery module provides; `outbox` is only consulted in dev mode. */
export interface DeliveryModule {
  delivery: Delivery;
  outbox: Outbox;
  close?(): Promise<void>;
}
