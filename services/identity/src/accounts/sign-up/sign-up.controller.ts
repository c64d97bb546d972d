import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Public } from '@loadout/auth';
import { SignUpDto, type SignUpResponse } from './sign-up.dto';
import { SignUpHandler } from './sign-up.handler';

@ApiTags('auth')
@Controller('api/v1/auth')
export class SignUpController {
  constructor(private readonly handler: SignUpHandler) {}

  @Public()
  @Post('sign-up')
  @HttpCode(201)
  @ApiOperation({ summary: 'Create an account; a verification email follows. Never signs in.' })
  signUp(@Body() body: SignUpDto, @Req() req: FastifyRequest): Promise<SignUpResponse> {
    return this.handler.signUp(body, String(req.id));
  }
}
