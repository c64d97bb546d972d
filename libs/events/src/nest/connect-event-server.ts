import { type INestApplication, type INestMicroservice } from '@nestjs/common';
import { type CustomTransportStrategy, type NestMicroservice } from '@nestjs/microservices';
import { EventFailureInterceptor } from './event-failure.interceptor';

/**
 * Attaches an event consumer (see createEventServer) to the HTTP app as a Nest microservice with
 * its own global config: the failure recorder is its only global interceptor. It is not an
 * app-wide interceptor (APP_INTERCEPTOR), because `inheritAppConfig` shares one config object
 * with the HTTP app, and any global interceptor there keeps Nest's rxjs interceptor chain on
 * every HTTP request (ADR 0053). The HTTP app's global guard, filter and pipe have nothing to do
 * for an event: the auth guard passes non-HTTP contexts, the error filter rethrows them, and
 * event payloads are typed by interfaces, which the validation pipe does not check.
 */
export function connectEventServer(
  app: INestApplication,
  strategy: CustomTransportStrategy,
): INestMicroservice {
  // Nest binds each handler's global interceptors when it registers the listeners, which
  // connectMicroservice does at once unless deferred: defer, add the recorder, then do what it
  // would have done (listeners, and no second run of the app's init hooks at listen).
  // NestApplication answers a NestMicroservice, typed as the INestMicroservice it implements.
  const microservice = app.connectMicroservice(
    { strategy },
    { inheritAppConfig: false, deferInitialization: true },
  ) as NestMicroservice;
  microservice.useGlobalInterceptors(new EventFailureInterceptor());
  microservice.registerListeners();
  microservice.setIsInitialized(true);
  microservice.setIsInitHookCalled(true);
  return microservice;
}
