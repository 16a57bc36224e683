import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

/**
 * Chart.js with only what the reports' bar and line charts need registered. Only ever imported
 * dynamically (see ReportChart): Chart.js travels in its own chunk, fetched when a report tab
 * with a chart is opened, never in the back office's first load.
 */
Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Legend, Tooltip);

export { Chart };
