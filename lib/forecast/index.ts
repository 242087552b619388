export { predictBreach, type BreachForecast, type BreachInputs } from './predict-breach';
