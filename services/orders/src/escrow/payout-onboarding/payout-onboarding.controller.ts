import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { type PayoutAccountView, type PayoutOnboardingResponse } from '@loadout/contracts';
import { PayoutOnboardingHandler } from './payout-onboarding.handler';

@ApiTags('payouts')
@ApiBearerAuth()
@Controller('api/v1/payouts')
export class PayoutOnboardingController {
  constructor(private readonly handler: PayoutOnboardingHandler) {}

  @Authenticated()
  @Get('account')
  @ApiOperation({ summary: "The caller's payout account status and money held / released" })
  account(@CurrentUser() user: AuthUser): Promise<PayoutAccountView> {
    return this.handler.account(user.id);
  }

  @Authenticated()
  @Post('onboarding')
  @HttpCode(200)
  @ApiOperation({ summary: 'Start (or continue) payout onboarding; answers the link to follow' })
  onboard(@CurrentUser() user: AuthUser): Promise<PayoutOnboardingResponse> {
    return this.handler.onboard({ id: user.id, email: user.email });
  }
}
