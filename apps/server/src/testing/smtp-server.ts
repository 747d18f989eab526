import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** An SMTP reply with its code, as smtp-server sends an error passed to a callback. */
const reply = (responseCode: number, text: string) => Object.assign(new Error(text), { responseCode });

/**
 * A real SMTP server in this process; `failNext` makes the next deliveries fail with a temporary
 * error, `refusedRecipients` (lower-case addresses) are refused for good, as a mailbox that does
 * not exist; `refuseMessages` refuses every message once sent (as a spam filter), `refuseSender`
 * the sender and `refuseRelay` every recipient with a policy status (as a relay that does not know
 * the sender).
 */
export async function startSmtpServer() {
  const received: ParsedMail[] = [];
  const state = {
    failNext: 0,
    refusedRecipients: new Set<string>(),
    refuseMessages: false,
    refuseSender: false,
    refuseRelay: false,
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      callback(state.refuseSender ? reply(550, 'Sender not allowed to relay') : undefined);
    },
    onRcptTo(address, _session, callback) {
      if (state.refusedRecipients.has(address.address.toLowerCase())) return callback(reply(550, 'No such user here'));
      if (state.refuseRelay) return callback(reply(554, '5.7.1 Relay access denied'));
      if (state.failNext > 0) {
        state.failNext -= 1;
        return callback(reply(451, 'Mailbox busy, try again later'));
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (state.refuseMessages) return callback(reply(554, 'Message rejected as spam'));
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
