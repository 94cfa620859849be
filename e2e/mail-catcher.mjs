// A mail receiver for the end-to-end tests: an SMTP server that keeps every mail in memory, and a
// small HTTP server to read them. GET /mails?to=<address> answers the mails sent to that address
// (oldest first) as JSON { to, subject, text, html, date }; GET /healthz answers 200 once both
// listen. Ports: SMTP_PORT and MAIL_HTTP_PORT. STARTTLS is off: smtp-server's bundled certificate
// has expired (stack-notes), and the app's SMTP_URL carries ignoreTLS=true anyway.
import http from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.SMTP_PORT ?? 2525);
const httpPort = Number(process.env.MAIL_HTTP_PORT ?? 2580);
const host = '127.0.0.1';
/** Enough for a test run; the oldest go first so a long run cannot grow without bound. */
const MAX_MAILS = 500;

const mails = [];

function addressesOf(field) {
  if (!field) return [];
  const list = Array.isArray(field) ? field : [field];
  return list.flatMap((entry) => entry.value.map((address) => address.address?.toLowerCase() ?? ''));
}

const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS'],
  authOptional: true,
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        const envelopeTo = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        mails.push({
          to: [...new Set([...envelopeTo, ...addressesOf(parsed.to)])],
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: typeof parsed.html === 'string' ? parsed.html : '',
          date: new Date().toISOString(),
        });
        if (mails.length > MAX_MAILS) mails.shift();
        callback();
      })
      .catch(callback);
  },
});

const api = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://${host}`);
  if (request.method === 'GET' && url.pathname === '/healthz') {
    response.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
    return;
  }
  if (request.method === 'GET' && url.pathname === '/mails') {
    const to = url.searchParams.get('to')?.toLowerCase();
    const found = to ? mails.filter((mail) => mail.to.includes(to)) : mails;
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(found));
    return;
  }
  response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
});

smtp.on('error', (error) => console.error('mail-catcher smtp:', error.message));
smtp.listen(smtpPort, host, () => {
  api.listen(httpPort, host);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    api.close();
    smtp.close(() => process.exit(0));
  });
}
