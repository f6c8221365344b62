import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * An SMTP server in a process of its own, as a real one is: the benches that
 * count mails at the server do not pay for its parsing in the process they
 * measure. It tells its parent its port, then each message's arrival time
 * (ms since the epoch, `performance.timeOrigin + now()`) and the first
 * 4,000 characters of its head, in batches every 50 ms.
 */
const arrived: { at: number; head: string }[] = [];
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    let head = '';
    stream.on('data', (chunk: Buffer) => {
      if (head.length < 4_000) head += chunk.toString('utf8');
    });
    stream.on('error', (error) => callback(error));
    stream.on('end', () => {
      arrived.push({ at: performance.timeOrigin + performance.now(), head: head.slice(0, 4_000) });
      callback();
    });
  },
});
sink.on('error', (error) => process.stderr.write(`smtp sink: ${error.message}\n`));
const flush = setInterval(() => {
  if (arrived.length > 0) process.send?.({ arrived: arrived.splice(0, arrived.length) });
}, 50);
sink.listen(0, '127.0.0.1', () => process.send?.({ port: (sink.server.address() as AddressInfo).port }));
process.on('disconnect', () => {
  clearInterval(flush);
  sink.close(() => process.exit(0));
});
