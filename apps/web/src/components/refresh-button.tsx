import type { ReactNode } from 'react';
import { Button, type ButtonSize } from './button';
import { RefreshIcon } from './icons';

/** Loads what a screen shows again ('Refresh', 'Retry', 'refresh status'); a spinner while it loads. */
export function RefreshButton({
  onClick,
  busy,
  size,
  children = 'Refresh',
}: {
  onClick: () => void;
  busy?: boolean;
  size?: ButtonSize;
  children?: ReactNode;
}) {
  return (
    <Button variant="secondary" size={size} icon={<RefreshIcon size={16} />} busy={busy} onClick={onClick}>
      {children}
    </Button>
  );
}
