import { LatchError } from '@latch/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../clock.js';
import { emailCodeMessage, smsCodeMessage } from './codeMessages.js';
import { createDeliveryModule } from './createDeliveryModule.js';
import { SmtpEmailSender } from './SmtpEmailSender.js';
import { TwilioSmsSender } from './TwilioSmsSender.js';
import { captureLogs } from './testing/captureLogs.js';
import { startLoopbackSmtp } from './testing/loopbackSmtp.js';
import { startLoopbackTwilio } from './testing/loopbackTwilio.js';

async function rejection(promise: Promise<unknown>): Promise<LatchError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LatchError);
  return error as LatchError;
}

describe('SMTP delivery (nodemailer → loopback smtp-server)', () => {
  let smtp: Awaited<ReturnType<typeof startLoopbackSmtp>>;
  beforeEach(async () => {
    smtp = await startLoopbackSmtp();
  });
  afterEach(async () => {
    await smtp.close();
  });

  it('delivers the code email, authenticated, with its subject, text and From', async () => {
    const { logger, lines } = captureLogs();
    const sender = new SmtpEmailSender({ smtpUrl: smtp.url, from: 'Acme <no-reply@acme.example>', logger });
    await sender.sendEmail(emailCodeMessage('Acme', 'ada@example.com', '482913'));
    sender.close();
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.user).toBe('latch');
    expect(mail.from).toBe('no-reply@acme.example');
    expect(mail.to).toEqual(['ada@example.com']);
    expect(mail.raw).toContain('Subject: 482913 is your login code for Acme');
    expect(mail.raw).toMatch(/^From: Acme <no-reply@acme\.example>/m);
    expect(mail.raw).toContain("If you didn't request this, you can ignore this email.");
    expect(mail.raw).toContain('It expires in 10 minutes');
    expect(lines.join('')).not.toContain('482913');
  });

  it('turns a relay refusal into a 503 without logging the code', async () => {
    const { logger, lines } = captureLogs();
    const sender = new SmtpEmailSender({ smtpUrl: smtp.badAuthUrl, from: 'no-reply@acme.example', logger });
    const error = await rejection(sender.sendEmail(emailCodeMessage('Acme', 'ada@example.com', '777123')));
    sender.close();
    expect(error.status).toBe(503);
    expect(error.message).toBe('The email could not be sent. Try again later.');
    expect(smtp.received).toHaveLength(0);
    expect(lines.join('')).toContain('email delivery failed');
    expect(lines.join('')).not.toContain('777123');
  });
});

describe('Twilio delivery (loopback Messages API)', () => {
  let twilio: Awaited<ReturnType<typeof startLoopbackTwilio>>;
  let captured: ReturnType<typeof captureLogs>;
  let sender: TwilioSmsSender;
  beforeEach(async () => {
    twilio = await startLoopbackTwilio();
    captured = captureLogs();
    sender = new TwilioSmsSender({
      baseUrl: twilio.baseUrl,
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
      from: '+15005550006',
      logger: captured.logger,
    });
  });
  afterEach(async () => {
    await twilio.close();
  });

  it('posts To, From and Body form-encoded with basic auth to the account Messages resource', async () => {
    await sender.sendSms(smsCodeMessage('Acme', '+14155550100', '135790'));
    expect(twilio.requests).toHaveLength(1);
    const request = twilio.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`/2010-04-01/Accounts/${twilio.accountSid}/Messages.json`);
    expect(request.authorization).toBe(
      `Basic ${Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64')}`,
    );
    expect(request.contentType).toBe('application/x-www-form-urlencoded');
    expect(request.form).toEqual({
      To: '+14155550100',
      From: '+15005550006',
      Body: "135790 is your login code for Acme. It expires in 10 minutes. Don't share it with anyone.",
    });
  });

  it('sends through a Messaging Service when the sender is an MG… SID', async () => {
    const viaService = new TwilioSmsSender({
      baseUrl: twilio.baseUrl,
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
      from: 'MG11111111111111111111111111111111',
      logger: captured.logger,
    });
    await viaService.sendSms(smsCodeMessage('Acme', '+14155550100', '135790'));
    expect(twilio.requests[0]?.form.MessagingServiceSid).toBe('MG11111111111111111111111111111111');
    expect(twilio.requests[0]?.form.From).toBeUndefined();
  });

  it('maps a Twilio error answer to twilio_verification_failed, logging no code', async () => {
    twilio.failNext({
      status: 400,
      body: { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 },
    });
    const error = await rejection(sender.sendSms(smsCodeMessage('Acme', '+14155550100', '246801')));
    expect(error.code).toBe('twilio_verification_failed');
    expect(error.status).toBe(502);
    const logs = captured.lines.join('');
    expect(logs).toContain('"twilioCode":21211');
    expect(logs).not.toContain('246801');
  });

  it('maps a wrong token (Twilio 401) to twilio_verification_failed', async () => {
    const wrongToken = new TwilioSmsSender({
      baseUrl: twilio.baseUrl,
      accountSid: twilio.accountSid,
      authToken: 'not-the-token',
      from: '+15005550006',
      logger: captured.logger,
    });
    expect((await rejection(wrongToken.sendSms(smsCodeMessage('Acme', '+14155550100', '1')))).code).toBe(
      'twilio_verification_failed',
    );
  });

  it('maps a region Twilio may not send to (21408) to not_supported', async () => {
    twilio.failNext({ status: 400, body: { code: 21408, message: 'Permission to send an SMS has not been enabled' } });
    const error = await rejection(sender.sendSms(smsCodeMessage('Acme', '+8613800138000', '123456')));
    expect(error.code).toBe('not_supported');
    expect(error.message).toBe('SMS authentication from this region is not available');
  });

  it('maps an unreachable Twilio to twilio_verification_failed', async () => {
    await twilio.close();
    expect((await rejection(sender.sendSms(smsCodeMessage('Acme', '+14155550100', '123456')))).code).toBe(
      'twilio_verification_failed',
    );
  });
});

describe('createDeliveryModule', () => {
  const base = { publicUrl: 'http://localhost:8787' };

  it('in dev mode records every message in the outbox, and also sends when a provider is configured', async () => {
    const twilio = await startLoopbackTwilio();
    try {
      const { logger } = captureLogs();
      const module = createDeliveryModule(
        {
          ...base,
          dev: true,
          twilioBaseUrl: twilio.baseUrl,
          twilioAccountSid: twilio.accountSid,
          twilioAuthToken: twilio.authToken,
          twilioFrom: '+15005550006',
        },
        new FakeClock(),
        logger,
      );
      await module.delivery.sendEmail(emailCodeMessage('Acme', 'ada@example.com', '111222'));
      await module.delivery.sendSms(smsCodeMessage('Acme', '+14155550100', '333444'));
      const outbox = await module.outbox.list();
      expect(outbox.map((m) => [m.channel, m.recipient, m.code])).toEqual([
        ['sms', '+14155550100', '333444'],
        ['email', 'ada@example.com', '111222'],
      ]);
      expect(twilio.requests).toHaveLength(1);
      await module.close?.();
    } finally {
      await twilio.close();
    }
  });

  it('outside dev mode keeps no outbox and refuses to pretend a message went out when nothing is configured', async () => {
    const { logger, lines } = captureLogs();
    const module = createDeliveryModule({ ...base, dev: false }, new FakeClock(), logger);
    expect(lines.join('')).toContain('SMTP_URL is not set');
    const error = await rejection(module.delivery.sendEmail(emailCodeMessage('Acme', 'ada@example.com', '1')));
    expect(error.status).toBe(503);
    await rejection(module.delivery.sendSms(smsCodeMessage('Acme', '+14155550100', '1')));
    expect(await module.outbox.list()).toEqual([]);
  });
});
