import type { ReactNode } from 'react';

export function PageHeader({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) {
  return (
    <header className="page-header">
      <h1>{title}</h1>
      {lead && <p className="page-header__lead">{lead}</p>}
      {children}
    </header>
  );
}
