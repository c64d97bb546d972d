import { BadRequestException, HttpException, NotFoundException } from '@nestjs/common';
import { AppError } from '@loadout/errors';
import { toErrorResponse } from './error.filter';

describe('toErrorResponse', () => {
  it('keeps an AppError code, message and details', () => {
    const { status, body } = toErrorResponse(
      new AppError('FIELDS.INVALID', 'Bad name', 'validation', [{ field: 'name' }]),
      'r1',
    );
    expect(status).toBe(400);
    expect(body).toEqual({
      code: 'FIELDS.INVALID',
      message: 'Bad name',
      details: [{ field: 'name' }],
      requestId: 'r1',
    });
  });

  it('maps framework HTTP errors to stable codes', () => {
    expect(toErrorResponse(new NotFoundException(), 'r').body.code).toBe('COMMON.NOT_FOUND');
    expect(toErrorResponse(new BadRequestException(), 'r').body.code).toBe('COMMON.BAD_REQUEST');
    expect(toErrorResponse(new HttpException('x', 429), 'r')).toMatchObject({
      status: 429,
      body: { code: 'COMMON.RATE_LIMITED' },
    });
    expect(
      toErrorResponse({ statusCode: 415, message: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' }, 'r').body
        .code,
    ).toBe('HTTP.UNSUPPORTED_MEDIA_TYPE');
  });

  it('never leaks the message of an unexpected error', () => {
    const { status, body } = toErrorResponse(new Error('password=hunter2 at db.internal'), 'r');
    expect(status).toBe(500);
    expect(body).toEqual({
      code: 'COMMON.INTERNAL',
      message: 'Something went wrong on our side. Please try again.',
      requestId: 'r',
    });
  });
});

describe('a database that cannot be used right now', () => {
  const unavailable = {
    code: 'COMMON.UNAVAILABLE',
    message: 'The service is temporarily unavailable. Please try again shortly.',
    requestId: 'r',
  };
  const pgError = (code: string) => Object.assign(new Error('pg says no'), { code });

  it.each([
    ['too many connections', pgError('53300')],
    ['a connection failure', pgError('08006')],
    ['the server shutting down', pgError('57P01')],
    ['the server starting', pgError('57P03')],
    ['a statement timeout', pgError('57014')],
    [
      'the pool finding no connection in time',
      new Error('timeout exceeded when trying to connect'),
    ],
    ['a connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['the server refusing connections', pgError('ECONNREFUSED')],
    [
      "TypeORM's wrapper around a pg error",
      Object.assign(new Error('QueryFailedError'), { driverError: pgError('53300') }),
    ],
  ])('%s is a 503 to retry, not a 500', (_what, error) => {
    expect(toErrorResponse(error, 'r')).toEqual({ status: 503, body: unavailable });
  });

  it.each([
    ['a unique violation', pgError('23505')],
    ['a deadlock', pgError('40P01')],
    ['a syntax error in our SQL', pgError('42601')],
    ['a plain error that merely has a code-like message', new Error('53300')],
  ])('%s stays a 500', (_what, error) => {
    expect(toErrorResponse(error, 'r').status).toBe(500);
  });
});
