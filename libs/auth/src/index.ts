export * from './auth-user';
export * from './token-verifier';
export * from './decorators';
export * from './auth.guard';
export * from './auth.module';
