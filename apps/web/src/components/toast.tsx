import { toastMs } from '@uplink/contract/constants';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { AlertIcon, CheckCircleIcon, CloseIcon, InfoIcon } from './icons';

type ToastTone = 'success' | 'error' | 'info';

interface ToastMessage {
  id: number;
  tone: ToastTone;
  message: string;
}

interface ToastApi {
  /** Shows a message at the corner of the screen for 5 seconds. */
  showToast: (message: string, tone?: ToastTone) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

const toneStyles: Record<ToastTone, { box: string; icon: ReactNode }> = {
  success: { box: 'border-emerald-200 text-emerald-900', icon: <CheckCircleIcon className="text-emerald-600" /> },
  error: { box: 'border-red-200 text-red-900', icon: <AlertIcon className="text-red-600" /> },
  info: { box: 'border-sky-200 text-sky-900', icon: <InfoIcon className="text-sky-600" /> },
};

function ToastItem({ toast, onDismiss }: { toast: ToastMessage; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = window.setTimeout(() => onDismiss(toast.id), toastMs);
    return () => window.clearTimeout(timer);
  }, [toast.id, onDismiss]);
  const style = toneStyles[toast.tone];
  return (
    <div
      role={toast.tone === 'error' ? 'alert' : 'status'}
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-xl border bg-white px-4 py-3 text-sm shadow-lg ${style.box}`}
    >
      <span className="mt-0.5 shrink-0">{style.icon}</span>
      <p className="flex-1 font-medium">{toast.message}</p>
      <button
        type="button"
        onClick={() => onDismiss(toast.id)}
        aria-label="Dismiss notification"
        className="-m-1 rounded-md p-1 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <CloseIcon size={16} />
      </button>
    </div>
  );
}

/** Holds the toasts of a shell; every layout renders one. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastMessage[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);
  const showToast = useCallback((message: string, tone: ToastTone = 'info') => {
    const id = nextId.current++;
    setToasts((current) => [...current, { id, tone, message }]);
  }, []);
  const api = useMemo(() => ({ showToast }), [showToast]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="pointer-events-none fixed inset-x-4 bottom-4 z-[60] flex flex-col items-end gap-2 sm:left-auto sm:w-96">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider> (every layout provides one)');
  return api;
}
