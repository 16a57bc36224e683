import { CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';

/**
 * Chart.js with only what a line chart of the last Sabbaths needs registered, so the rest of the
 * library is left out of the build. This module is only ever imported dynamically (see
 * AttendanceChart): Chart.js travels in its own chunk, fetched when the attendance list is
 * opened, never in the back office's first load.
 */
Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Legend, Tooltip);

export { Chart };
