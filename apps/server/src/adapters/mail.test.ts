import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { createProduct, createRetailer, loginAs, HSN_NOT_IN_GST_TABLE } from '../test/factories.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../test/smtp.ts';
import { createMailer, SECRET_NOT_STORED } from './mail.ts';

let smtp: SmtpReceiver;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await buildTestApp({ smtpUrl: smtp.url });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('mail through a real SMTP server', () => {
  it('sends the order confirmation over SMTP and marks the outbox row sent', async () => {
    const user = await createRetailer(t.db, { stateCode: '36' });
    const { headers } = await loginAs(t.app, user);
    const product = await createProduct(t.db, { stocks: [5], netPricePaise: 150_000, gstRatePercent: 12, hsnCode: HSN_NOT_IN_GST_TABLE });
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/Product/addItemsToCart',
      headers,
      payload: { Products: [{ ProductId: product.productId, ColorVariant: 'C1', Quantity: 2 }] },
    });
    expect(added.statusCode, added.body).toBe(200);
    const cart = (await t.app.inject({ url: '/api/Product/getCartItems', headers })).json().Data;
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/Order/placeOrder',
      headers,
      payload: { CartId: cart.billToInfo.CartId, Note: '', Email: null },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const { OrderRefNo } = placed.json().Data;

    const mail = await smtp.waitFor(user.email);
    expect(mail.subject).toBe(`Order ${OrderRefNo} placed`);
    expect(mail.text).toContain(OrderRefNo);
    expect(mail.text).toContain('₹3,360.00');
    expect(mail.from?.text).toContain('no-reply@frameport.test');
    // The order's mail is written in the order's transaction and sent after commit, off the request.
    const row = async () => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email)))[0];
    await expect.poll(async () => (await row())?.status).toBe('sent');
    expect(await row()).toMatchObject({ error: null, sentAt: expect.any(Date) });
  });

  it('keeps the mail in the outbox as failed, with the reason, when the SMTP server does not answer', async () => {
    const down = await startSmtpReceiver();
    await down.close(); // a port nothing listens on any more
    const mailer = createMailer({ db: t.db, clock: t.clock, smtpUrl: down.url, from: 'Frameport <no-reply@frameport.test>' });
    await expect(mailer.send({ to: 'nobody-listens@frameport.test', subject: 'Test', text: 'Hello' })).rejects.toThrow();
    mailer.close();
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'nobody-listens@frameport.test'));
    expect(row).toMatchObject({ status: 'failed', subject: 'Test', textBody: 'Hello' });
    expect(row!.error).toMatch(/ECONNREFUSED|connect/i);
  });
});

describe('mail with a secret (a one-time link)', () => {
  const token = 'Zq3_one-time-token-4d9f2b7c1e8a6d5f0b3c9e7a2d4f6b8c1e3a5d7f9b2';
  const link = `http://localhost:3000/resetpassword?token=${token}&from=mail`;
  const message = (to: string) => ({
    to,
    subject: 'Reset your Frameport password',
    text: `Hello,\nOpen this link:\n${link}\nThanks`,
    // As the templates write it: the link HTML-escaped in the href and in the text.
    html: `<p><a href="${link.replace(/&/g, '&amp;')}">${link.replace(/&/g, '&#38;')}</a></p>`,
    secrets: [token],
  });

  it('delivers the secret over SMTP and stores the mail without it', async () => {
    const mailer = createMailer({ db: t.db, clock: t.clock, smtpUrl: smtp.url, from: 'Frameport <no-reply@frameport.test>' });
    await mailer.send(message('secret-smtp@frameport.test'));
    mailer.close();

    const mail = await smtp.waitFor('secret-smtp@frameport.test');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'secret-smtp@frameport.test'));
    expect(row).toMatchObject({ status: 'sent', subject: 'Reset your Frameport password' });
    expect(row!.textBody).toBe(`Hello,\nOpen this link:\nhttp://localhost:3000/resetpassword?token=${SECRET_NOT_STORED}&from=mail\nThanks`);
    expect(row!.htmlBody).toContain(`?token=${SECRET_NOT_STORED}&amp;from=mail`);
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('without SMTP, writes the secret only to the log line that stands in for the mail', async () => {
    const lines: Array<{ fields: unknown; msg: string | undefined }> = [];
    const record = (fields: unknown, msg?: string) => void lines.push({ fields, msg });
    const logger = { info: record, warn: record, error: record };
    const mailer = createMailer({ db: t.db, clock: t.clock, from: 'Frameport <no-reply@frameport.test>', logger });
    expect(lines.map((line) => line.fields)).toEqual([expect.stringContaining('SMTP_URL is not set')]);

    await mailer.send(message('secret-log@frameport.test'));
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'secret-log@frameport.test'));
    expect(row).toMatchObject({ status: 'queued' });
    expect(JSON.stringify(row)).not.toContain(token);
    expect(lines[1]).toEqual({
      fields: { mailId: row!.id, to: 'secret-log@frameport.test', subject: 'Reset your Frameport password', secretLines: [link] },
      msg: 'mail queued (no SMTP_URL: not sent)',
    });
  });

  it('refuses a secret so short it would be found in ordinary text', async () => {
    const mailer = createMailer({ db: t.db, clock: t.clock, from: 'Frameport <no-reply@frameport.test>' });
    await expect(mailer.send({ ...message('short-secret@frameport.test'), secrets: ['abc'] })).rejects.toThrow(/at least 16/);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'short-secret@frameport.test'))).toEqual([]);
  });
});
