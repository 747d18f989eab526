import { useEffect, useRef } from 'react';

/**
 * Keeps a native <dialog> in step with React state: `showModal()` when `open` turns true (the
 * browser then traps focus and makes the page inert), `close()` when it turns false.
 */
export function useModalDialog(open: boolean) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return dialogRef;
}
