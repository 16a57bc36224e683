import type { ReactNode } from 'react';
import './ui.css';

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

/** A small coloured label (status, category, priority). */
export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}
