/** The back office's Sermons page (spec: back-office.md). Lazy-loaded by the route table. */
export default function SermonsPage() {
  return <h1>Sermons</h1>;
}
