import { hydrateIsland } from '../hydrate';
import { AdminLoginIsland } from './AdminLoginIsland';

hydrateIsland('admin-login', AdminLoginIsland);
