import type { OverviewReport } from './report-answers';
import { FigureList, InsightList } from './ReportParts';
import { overviewContent } from './report-rules';

/** Overview: Net Income, Active members (§2.18's Total Members), Avg Attendance, Messages Sent and the four Quick Insights. */
export function OverviewView({ report }: { report: OverviewReport }) {
  const content = overviewContent(report);
  return (
    <>
      <FigureList figures={content.figures} label="Overview figures" />
      <InsightList insights={content.insights ?? []} />
    </>
  );
}
