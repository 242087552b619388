export { SupervisorScreen } from './supervisor-screen';
