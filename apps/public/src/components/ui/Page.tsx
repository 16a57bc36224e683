import type { ReactNode } from 'react';
import { church } from '../../config/church';

/** A page's document title and its one h1. */
export function Page({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="page">
      <title>{`${title} | ${church.name}`}</title>
      <h1>{title}</h1>
      {children}
    </div>
  );
}
