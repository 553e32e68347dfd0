import { hydrateIsland } from '../hydrate';
import { ResultsIsland } from './ResultsIsland';

hydrateIsland('results', ResultsIsland);
