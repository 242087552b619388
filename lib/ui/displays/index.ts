/** Wall TV pairing (client) and the supervisor's display management. */
export { PairingScreen } from './pairing-screen';
export { DisplayManager } from './display-manager';
