import type { ReactNode } from 'react';

interface PublicFrameProps {
  navigationBar: ReactNode;
  footer: ReactNode;
  children: ReactNode;
}

/** The frame of the public pages: the fixed navigation bar, the page, the footer. */
export function PublicFrame({ navigationBar, footer, children }: PublicFrameProps) {
  return (
    <div className="flex min-h-screen flex-col">
      {navigationBar}
      <div className="flex-1">{children}</div>
      {footer}
    </div>
  );
}
