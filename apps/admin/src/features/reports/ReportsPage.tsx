/** Reports and Analytics (§2.18): being built (issue 20). */
export default function ReportsPage() {
  return <p>Loading analytics data...</p>;
}
