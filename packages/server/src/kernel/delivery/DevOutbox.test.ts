import { describe, expect, it } from 'vitest';
import { FakeClock } from '../clock.js';
import { DEV_OUTBOX_SIZE, DevOutbox } from './DevOutbox.js';

describe('DevOutbox', () => {
  it('lists what was sent, newest first, with channel, recipient, code, text and time', async () => {
    const clock = new FakeClock(Date.UTC(2026, 0, 1, 12));
    const outbox = new DevOutbox(clock);
    await outbox.sendEmail({ to: 'ada@example.com', subject: 'S', text: 'T1', code: '111111' });
    clock.advance(1000);
    await outbox.sendSms({ to: '+14155550100', text: 'T2', code: '222222' });
    expect(await outbox.list()).toEqual([
      { channel: 'sms', recipient: '+14155550100', code: '222222', text: 'T2', sent_at: '2026-01-01T12:00:01.000Z' },
      {
        channel: 'email',
        recipient: 'ada@example.com',
        subject: 'S',
        code: '111111',
        text: 'T1',
        sent_at: '2026-01-01T12:00:00.000Z',
      },
    ]);
  });

  it(`keeps only the last ${DEV_OUTBOX_SIZE} messages`, async () => {
    const outbox = new DevOutbox(new FakeClock());
    for (let i = 0; i < DEV_OUTBOX_SIZE + 5; i++)
      await outbox.sendSms({ to: `+1415555${i}`, text: '', code: String(i) });
    const list = await outbox.list();
    expect(list).toHaveLength(DEV_OUTBOX_SIZE);
    expect(list[0]?.code).toBe(String(DEV_OUTBOX_SIZE + 4));
    expect(list.at(-1)?.code).toBe('5');
  });
});
