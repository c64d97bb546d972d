import { runService } from '@loadout/service-kit';
import { fieldsService } from './fields.service';

runService(fieldsService);
