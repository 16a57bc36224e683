import type { ReactNode } from 'react';

interface Props {
  /** The card's class; its value and note take `{className}-value` and `{className}-note` (each screen styles its own). */
  className: string;
  /** `data-figure`, by which a figure is found (in tests, and by the e2e journeys). */
  id?: string | undefined;
  label: string;
  children: ReactNode;
  /** A line under the value ('3 gifts', 'Approved expenses'). */
  note?: ReactNode;
}

/** One figure of a summary, inside a `<dl>`: its label, the value, and a note under it. */
export function FigureCard({ className, id, label, children, note }: Props) {
  return (
    <div className={className} data-figure={id}>
      <dt>{label}</dt>
      <dd>
        <span className={`${className}-value`}>{children}</span>
        {note ? <span className={`${className}-note`}>{note}</span> : null}
      </dd>
    </div>
  );
}
