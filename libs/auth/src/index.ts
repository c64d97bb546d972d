export * from './auth-user';
export * from './token-verifier';
export * from './session-check';
export * from './decorators';
export * from './auth.guard';
export * from './auth.module';
