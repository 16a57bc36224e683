/** The back office's Announcements page (spec: back-office.md). Lazy-loaded by the route table. */
export default function AnnouncementsPage() {
  return <h1>Announcements</h1>;
}
