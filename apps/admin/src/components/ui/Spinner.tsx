import './ui.css';

/** A spinning ring with a text that screen readers (and sighted users) get. */
export function Spinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="spinner-row" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
