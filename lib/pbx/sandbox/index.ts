export { createSandboxRoutes } from './routes';
