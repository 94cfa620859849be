import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP receiver on 127.0.0.1 (random port) for tests: every mail the server sends arrives
 * here over SMTP and is parsed with mailparser. STARTTLS is off (its bundled certificate has expired).
 */
export async function startSmtpReceiver() {
  const received: ParsedMail[] = [];
  const waiters: Array<{ match: (mail: ParsedMail) => boolean; resolve: (mail: ParsedMail) => void }> = [];

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          for (const waiter of waiters.filter((w) => w.match(mail))) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    received,
    /** The first mail (already received or still to come) to this address, or a rejection after `timeoutMs`. */
    waitFor(to: string, timeoutMs = 5000): Promise<ParsedMail> {
      const match = (mail: ParsedMail) => addressesOf(mail).includes(to.toLowerCase());
      const already = received.find(match);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({ match, resolve: (mail) => (clearTimeout(timer), resolve(mail)) });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function addressesOf(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((group) => group.value.map((address) => (address.address ?? '').toLowerCase()));
}

export type SmtpReceiver = Awaited<ReturnType<typeof startSmtpReceiver>>;
