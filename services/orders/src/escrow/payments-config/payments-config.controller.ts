import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '@loadout/auth';
import { type PaymentsConfigView } from '@loadout/contracts';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../../payments/payment-provider.port';

@ApiTags('payments')
@Controller('api/v1/payments')
export class PaymentsConfigController {
  constructor(@Inject(PAYMENT_PROVIDER) private readonly payments: PaymentProvider) {}

  @Public()
  @Get('config')
  @ApiOperation({ summary: 'Which processor the browser talks to, and whether it is test mode' })
  config(): PaymentsConfigView {
    return {
      provider: this.payments.name,
      testMode: this.payments.testMode,
      ...(this.payments.publishableKey ? { publishableKey: this.payments.publishableKey } : {}),
    };
  }
}
