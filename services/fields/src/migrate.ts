import { runMigrations } from '@loadout/service-kit';
import { fieldsService } from './fields.service';

runMigrations(fieldsService);
