import { simulationSuite } from './simulate-seeds.ts';

simulationSuite(1, 50, true);
