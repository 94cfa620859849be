import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { createProduct, createRetailer, loginAs } from '../test/factories.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../test/smtp.ts';
import { createMailer } from './mail.ts';

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
    const product = await createProduct(t.db, { stocks: [5], netPricePaise: 150_000, gstRatePercent: 12 });
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
    const mailer = createMailer({ db: t.db, smtpUrl: down.url, from: 'Frameport <no-reply@frameport.test>' });
    await expect(mailer.send({ to: 'nobody-listens@frameport.test', subject: 'Test', text: 'Hello' })).rejects.toThrow();
    mailer.close();
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'nobody-listens@frameport.test'));
    expect(row).toMatchObject({ status: 'failed', subject: 'Test', textBody: 'Hello' });
    expect(row!.error).toMatch(/ECONNREFUSED|connect/i);
  });
});
