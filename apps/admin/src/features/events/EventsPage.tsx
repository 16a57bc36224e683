/** The back office's Events page (spec: back-office.md). Lazy-loaded by the route table. */
export default function EventsPage() {
  return <h1>Events</h1>;
}
