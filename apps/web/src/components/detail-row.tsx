import type { ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';

/** One labelled value of a read-only details list (`<dl>`): stacked on phones, side by side above. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <dt className="text-slate-600 text-sm">{label}</dt>
      <dd className="min-w-0 break-all font-medium text-slate-900 text-sm sm:text-right">{children}</dd>
    </div>
  );
}

/** A titled group of `DetailRow`s inside a details dialog. */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h3 className="font-semibold text-slate-900 text-sm">{title}</h3>
      <dl className="divide-y divide-slate-100">{children}</dl>
    </section>
  );
}

/** A read-only details dialog: its sections one under another, closed by its one button. */
export function DetailsModal({
  open,
  onClose,
  title,
  description,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div className="space-y-6">{children}</div>
    </Modal>
  );
}
