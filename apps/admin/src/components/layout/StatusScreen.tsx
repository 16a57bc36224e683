/** A spinner with its text, for whole-screen or whole-page waits (route guard, page chunks). */
export function StatusScreen({ text, fullPage = false }: { text: string; fullPage?: boolean }) {
  return (
    <div className={fullPage ? 'status-screen status-screen-full' : 'status-screen'} role="status">
      <span className="status-spinner" aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}
