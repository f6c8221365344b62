import { Writable } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import pino from 'pino';
import { deferredChildLogger, redactUrl, requestIdGenerator } from './request-logger';

const capture = () => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: pino({ level: 'warn' }, stream) };
};

const request = (headers: Record<string, string> = {}) => ({ headers }) as unknown as IncomingMessage;

describe('request logger', () => {
  it('makes no pino child until the request logs, then logs with the request id', async () => {
    const { lines, logger } = capture();
    const child = jest.spyOn(logger, 'child');
    const requestLog = deferredChildLogger.call({} as never, logger, { reqId: 'r-1' }, {}, request());
    expect(child).not.toHaveBeenCalled();
    expect(requestLog.level).toBe('warn');
    requestLog.info('below the level');
    requestLog.error({ status: 500 }, 'request failed');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toEqual([expect.objectContaining({ reqId: 'r-1', status: 500, msg: 'request failed', level: 50 })]);
    expect(child).toHaveBeenCalledTimes(1);
  });

  it('keeps a well-formed client request id and otherwise gives ids that never repeat', () => {
    const next = requestIdGenerator();
    const other = requestIdGenerator();
    expect(next(request({ 'x-request-id': 'trace-123' }))).toBe('trace-123');
    const ids = new Set([...Array.from({ length: 1000 }, () => next(request({ 'x-request-id': 'has space' }))), other(request())]);
    expect(ids.size).toBe(1001);
  });
});

describe('redactUrl', () => {
  it.each([
    ['/api/auth/verify-email?token=s3cr3t', '/api/auth/verify-email?token=[redacted]'],
    ['/api/messages/stream?ticket=eyJ1Ijo.abc', '/api/messages/stream?ticket=[redacted]'],
    ['/api/mail/unsubscribe?user=6f1c&token=s3cr3t', '/api/mail/unsubscribe?user=6f1c&token=[redacted]'],
    ['/reset-password?token=s3cr3t&next=%2Fdashboard', '/reset-password?token=[redacted]&next=%2Fdashboard'],
    ['/api/float-plans/Xy9-secret', '/api/float-plans/[redacted]'],
    ['/float-plans/Xy9-secret?print=1', '/float-plans/[redacted]?print=1'],
    ['/api/mail/open/abc.def.sig', '/api/mail/open/[redacted]'],
    ['/api/x?%74oken=s3cr3t', '/api/x?%74oken=[redacted]'],
    ['/api/voyages/?search=token&page=2', '/api/voyages/?search=token&page=2'],
    ['/api/voyages/?q=%E0%A4%A&token', '/api/voyages/?q=%E0%A4%A&token'],
  ])('keeps no secret of %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
