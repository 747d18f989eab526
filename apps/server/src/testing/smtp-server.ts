import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server in this process; `failNext` makes the next deliveries fail with a temporary
 * error, `refusedRecipients` (lower-case addresses) are refused for good, as a mailbox that does not exist.
 */
export async function startSmtpServer() {
  const received: ParsedMail[] = [];
  const state = { failNext: 0, refusedRecipients: new Set<string>() };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (state.refusedRecipients.has(address.address.toLowerCase()))
        return callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
      if (state.failNext > 0) {
        state.failNext -= 1;
        return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    received,
    state,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
