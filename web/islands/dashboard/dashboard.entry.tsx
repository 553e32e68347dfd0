import { hydrateIsland } from '../hydrate';
import { DashboardIsland } from './DashboardIsland';

hydrateIsland('dashboard', DashboardIsland);
