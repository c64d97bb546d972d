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
