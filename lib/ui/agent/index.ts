export { AgentScreen } from './agent-screen';
