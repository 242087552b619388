export { createSandboxRoutes, type SandboxRoutesDeps } from './routes';
