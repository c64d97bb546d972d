import { CreateFields1764000000000 } from './1764000000000-create-fields';

/** Every migration, in order. New ones are appended here and committed. */
export const fieldsMigrations = [CreateFields1764000000000];
