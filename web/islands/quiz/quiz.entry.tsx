import { hydrateIsland } from '../hydrate';
import { QuizIsland } from './QuizIsland';

hydrateIsland('quiz', QuizIsland);
