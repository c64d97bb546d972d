import { Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
import { Public } from '@loadout/auth';
import { type RequestWithRawBody } from './raw-body.capture';
import { ReceiveStripeWebhookHandler, type WebhookReceipt } from './receive-stripe-webhook.handler';

/** Stripe's webhook endpoint: public, authenticated by the `Stripe-Signature` header instead. */
@ApiTags('webhooks')
@Controller('api/v1/webhooks')
export class ReceiveStripeWebhookController {
  constructor(private readonly handler: ReceiveStripeWebhookHandler) {}

  @Public()
  @Post('stripe')
  @HttpCode(200)
  @ApiExcludeEndpoint()
  receive(
    @Req() req: RequestWithRawBody,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<WebhookReceipt> {
    return this.handler.receive(req.rawBody, signature);
  }
}
