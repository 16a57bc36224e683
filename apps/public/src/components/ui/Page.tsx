import type { ReactNode } from 'react';
import { useShellSettings } from '../../lib/settings-store';

/** "About | Mount Zion SDA Church": a page's document title (React 19 hoists <title>). */
export function PageTitle({ title }: { title: string }) {
  const { name } = useShellSettings();
  return <title>{`${title} | ${name}`}</title>;
}

/** A page's document title and its one h1. */
export function Page({ title, children, className }: { title: string; children?: ReactNode; className?: string }) {
  return (
    <div className={className ? `page ${className}` : 'page'}>
      <PageTitle title={title} />
      <h1>{title}</h1>
      {children}
    </div>
  );
}
