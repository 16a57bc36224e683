import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';

/**
 * Chart.js with only what the 12-month giving bars need registered, so the rest of the library
 * stays out of the build. Only ever imported dynamically (see GivingChart): Chart.js travels in
 * its own chunk, fetched when the Financial Dashboard is opened, never in the first load.
 */
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export { Chart };
