import { type ReactNode, useId } from 'react';
import { Spinner } from './spinner';
import { useModalDialog } from './use-modal-dialog';

/**
 * A full-screen overlay that blocks the page while something the user asked for runs (it cannot
 * be dismissed). Built on <dialog>: the page behind is inert and focus stays inside.
 */
export function BlockingOverlay({ open, title, children }: { open: boolean; title: string; children?: ReactNode }) {
  const dialogRef = useModalDialog(open);
  const titleId = useId();

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-busy="true"
      onCancel={(event) => event.preventDefault()}
      className="m-auto w-[calc(100%-2rem)] max-w-sm rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/60 backdrop:backdrop-blur-sm"
    >
      {open ? (
        <div className="flex flex-col items-center gap-4 px-8 py-10 text-center" role="status">
          <Spinner size="lg" />
          <h2 id={titleId} className="font-semibold text-lg text-slate-900">
            {title}
          </h2>
          {children ? <div className="text-slate-600 text-sm">{children}</div> : null}
        </div>
      ) : null}
    </dialog>
  );
}
