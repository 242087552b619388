export { predictBreach, type BreachForecast } from './predict-breach';
