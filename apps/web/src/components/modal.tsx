import { type ReactNode, useId } from 'react';
import { CloseIcon } from './icons';
import { useModalDialog } from './use-modal-dialog';

const widths = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl' } as const;

interface ModalProps {
  open: boolean;
  /** Called on Escape, on the close button and on a click outside the panel. */
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Buttons at the bottom, right-aligned. */
  footer?: ReactNode;
  size?: keyof typeof widths;
  /** While a request runs the modal cannot be dismissed. */
  dismissible?: boolean;
}

/**
 * A modal dialog on the native <dialog> element: the browser traps focus inside it, makes the
 * page behind inert and returns focus to the opener when it closes.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  dismissible = true,
}: ModalProps) {
  const dialogRef = useModalDialog(open);
  const titleId = useId();
  const descriptionId = useId();

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop mirrors Escape, which onCancel handles.
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        // Escape: React state decides whether the dialog closes.
        event.preventDefault();
        if (dismissible) onClose();
      }}
      onClick={(event) => {
        if (event.target === dialogRef.current && dismissible) onClose();
      }}
      className={`m-auto w-[calc(100%-2rem)] ${widths[size]} rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/50 backdrop:backdrop-blur-sm`}
    >
      {open ? (
        <div className="flex max-h-[85vh] flex-col">
          <div className="flex items-start justify-between gap-4 border-slate-100 border-b px-6 py-4">
            <div>
              <h2 id={titleId} className="font-semibold text-lg text-slate-900">
                {title}
              </h2>
              {description ? (
                <p id={descriptionId} className="mt-1 text-slate-600 text-sm">
                  {description}
                </p>
              ) : null}
            </div>
            <button
              type="button"
              onClick={onClose}
              disabled={!dismissible}
              aria-label="Close dialog"
              className="-mr-2 rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-40"
            >
              <CloseIcon size={18} />
            </button>
          </div>
          <div className="overflow-y-auto px-6 py-5">{children}</div>
          {footer ? (
            <div className="flex flex-wrap justify-end gap-2 border-slate-100 border-t bg-slate-50/60 px-6 py-4">
              {footer}
            </div>
          ) : null}
        </div>
      ) : null}
    </dialog>
  );
}
