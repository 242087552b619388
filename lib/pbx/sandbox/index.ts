export { createSandboxRoutes } from './routes';
export { createFaults } from './faults';
