import { Writable } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import pino from 'pino';
import { deferredChildLogger, requestIdGenerator } from './request-logger';

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
