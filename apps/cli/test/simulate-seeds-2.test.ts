import { simulationSuite } from './simulate-seeds.ts';

simulationSuite(51, 100);
