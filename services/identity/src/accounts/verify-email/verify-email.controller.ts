import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Public } from '@loadout/auth';
import { VerifyEmailDto } from './verify-email.dto';
import { VerifyEmailHandler } from './verify-email.handler';

@ApiTags('auth')
@Controller('api/v1/auth')
export class VerifyEmailController {
  constructor(private readonly handler: VerifyEmailHandler) {}

  @Public()
  @Post('verify-email')
  @HttpCode(200)
  @ApiOperation({ summary: 'Confirm an email address with the token from the emailed link' })
  verify(@Body() body: VerifyEmailDto, @Req() req: FastifyRequest): Promise<{ email: string }> {
    return this.handler.verify(body.token, String(req.id));
  }
}
