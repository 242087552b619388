export { createSandboxRoutes } from './routes';
export { createFaults, type Faults } from './faults';
