import type { IncomingMessage, ServerResponse } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import type { Interaction, Provider } from 'oidc-provider';
import { IDENTITY_CONFIG, type IdentityConfig } from '../../identity.config';
import { CredentialChecker } from '../../accounts/credentials/credential-checker';
import {
  accountSuspended,
  emailNotVerified,
  interactionExpired,
} from '../../accounts/domain/account.errors';
import { isSuspended } from '../../accounts/domain/suspension';
import { ReinstateUserHandler } from '../../accounts/reinstate-user/reinstate-user.handler';
import { OIDC_PROVIDER } from '../provider/oidc.tokens';
import { apiResource, GRANTED_SCOPES } from '../provider/provider-configuration';

export interface RawExchange {
  req: IncomingMessage;
  res: ServerResponse;
}

/**
 * The account remote's sign-in page talks to these: it reads the pending interaction, then
 * posts the credentials; login and consent complete in one step (one first-party client).
 */
@Injectable()
export class InteractionHandler {
  constructor(
    @Inject(OIDC_PROVIDER) private readonly provider: Provider,
    private readonly credentials: CredentialChecker,
    private readonly suspensions: ReinstateUserHandler,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async details(
    uid: string,
    raw: RawExchange,
  ): Promise<{ uid: string; prompt: 'login' | 'consent' }> {
    const interaction = await this.find(uid, raw);
    return {
      uid: interaction.uid,
      prompt: interaction.prompt.name === 'consent' ? 'consent' : 'login',
    };
  }

  async login(
    uid: string,
    input: { email: string; password: string },
    client: { ip: string; requestId: string },
    raw: RawExchange,
  ): Promise<{ redirectTo: string }> {
    const interaction = await this.find(uid, raw);
    // A suspension past its end date is lifted here, before the check (ADR 0035).
    const user = await this.suspensions.liftIfExpired(
      await this.credentials.check(input.email, input.password, client.ip, client.requestId),
      client.requestId,
    );
    if (isSuspended(user)) throw accountSuspended(user.suspendedReason, user.suspendedUntil);
    if (!user.emailVerifiedAt) throw emailNotVerified();

    const clientId = interaction.params.client_id;
    const existing = interaction.grantId
      ? await this.provider.Grant.find(interaction.grantId)
      : undefined;
    const grant =
      existing && existing.accountId === user.id
        ? existing
        : new this.provider.Grant({ accountId: user.id, clientId });
    grant.addOIDCScope(GRANTED_SCOPES);
    grant.addResourceScope(apiResource(this.config.PUBLIC_URL), GRANTED_SCOPES);
    const grantId = await grant.save();
    const redirectTo = await this.provider.interactionResult(
      raw.req,
      raw.res,
      { login: { accountId: user.id }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
    return { redirectTo };
  }

  async abort(uid: string, raw: RawExchange): Promise<{ redirectTo: string }> {
    await this.find(uid, raw);
    const redirectTo = await this.provider.interactionResult(
      raw.req,
      raw.res,
      { error: 'access_denied', error_description: 'The user cancelled signing in.' },
      { mergeWithLastSubmission: false },
    );
    return { redirectTo };
  }

  /** The interaction of this browser (its cookie) with this uid, or 404 when gone or foreign. */
  private async find(uid: string, raw: RawExchange): Promise<Interaction> {
    let interaction: Interaction;
    try {
      interaction = await this.provider.interactionDetails(raw.req, raw.res);
    } catch {
      throw interactionExpired();
    }
    if (interaction.uid !== uid) throw interactionExpired();
    return interaction;
  }
}
