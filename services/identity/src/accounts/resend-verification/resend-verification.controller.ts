import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Public } from '@loadout/auth';
import { clientIpOf } from '@loadout/http';
import { CredentialsDto } from '../credentials/credentials.dto';
import { ResendVerificationHandler } from './resend-verification.handler';

@ApiTags('auth')
@Controller('api/v1/auth')
export class ResendVerificationController {
  constructor(private readonly handler: ResendVerificationHandler) {}

  @Public()
  @Post('resend-verification')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send the verification email again (needs the password)' })
  resend(@Body() body: CredentialsDto, @Req() req: FastifyRequest): Promise<{ message: string }> {
    return this.handler.resend(body, { requestId: String(req.id), ip: clientIpOf(req) });
  }
}
