import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Public } from '@loadout/auth';
import { ConfirmPasswordResetDto, RequestPasswordResetDto } from './password-reset.dto';
import { PasswordResetHandler } from './password-reset.handler';

@ApiTags('auth')
@Controller('api/v1/auth/password-reset')
export class PasswordResetController {
  constructor(private readonly handler: PasswordResetHandler) {}

  @Public()
  @Post()
  @HttpCode(202)
  @ApiOperation({ summary: 'Email a reset link if the address has an account (always 202)' })
  request(
    @Body() body: RequestPasswordResetDto,
    @Req() req: FastifyRequest,
  ): Promise<{ message: string }> {
    return this.handler.request(body.email, String(req.id));
  }

  @Public()
  @Post('confirm')
  @HttpCode(200)
  @ApiOperation({ summary: 'Set a new password with the token from the reset link' })
  confirm(@Body() body: ConfirmPasswordResetDto): Promise<{ message: string }> {
    return this.handler.confirm(body.token, body.password);
  }
}
