/** The back office's Church Leaders page (spec: back-office.md). Lazy-loaded by the route table. */
export default function LeadersPage() {
  return <h1>Church Leaders</h1>;
}
