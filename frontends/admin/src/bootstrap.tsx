// Standalone development harness; in production the shell loads `./routes` instead.
import '@loadout/ui/styles.css';
import { renderStandaloneRemote } from '@loadout/web';
import { AdminRoutes } from './routes';

renderStandaloneRemote(AdminRoutes);
