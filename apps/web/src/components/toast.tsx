import { toastMs } from '@uplink/contract/constants';
import { useEffect, useState } from 'react';
import { type Location, useLocation, useNavigate } from '../lib/router/router';
import { CheckCircleIcon, CloseIcon, XCircleIcon } from './icons';

export type ToastTone = 'success' | 'error';

/** One message on screen; `id` changes with every message, even when its text repeats. */
export interface ToastMessage {
  id: number;
  text: string;
  tone: ToastTone;
}

/**
 * One toast at a time: a new message replaces the one shown and gets its own full duration; each
 * hides itself after `durationMs` unless dismissed first. Plain timers, no React, so the timing can
 * be tested with fake timers.
 */
export function createToastTimer(onChange: (toast: ToastMessage | null) => void, durationMs: number = toastMs) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastId = 0;
  const stop = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return {
    show(text: string, tone: ToastTone = 'success') {
      stop();
      lastId += 1;
      onChange({ id: lastId, text, tone });
      timer = setTimeout(() => {
        timer = undefined;
        onChange(null);
      }, durationMs);
    },
    dismiss() {
      stop();
      onChange(null);
    },
    /** Forgets the pending hide without touching what is shown (the screen is going away). */
    stop,
  };
}

/** The toast of a screen: what it shows now, and `showToast` / `dismissToast`. */
export function useToast() {
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const [timer] = useState(() => createToastTimer(setToast));
  useEffect(() => timer.stop, [timer]);
  return { toast, showToast: timer.show, dismissToast: timer.dismiss };
}

/** Navigation state asking the next screen to show a toast (a delete sends the admin back to the list). */
export interface ToastNavigationState {
  toast: { text: string; tone: ToastTone };
}

function toastAskedBy(location: Location): ToastNavigationState['toast'] | null {
  const asked = (location.state as Partial<ToastNavigationState> | null)?.toast;
  return asked && typeof asked.text === 'string' ? asked : null;
}

/**
 * Shows the toast another screen asked for when it navigated here, once: the request is then
 * taken out of the history entry, so going back and forth does not show it again.
 */
export function useNavigationToast(showToast: (text: string, tone: ToastTone) => void) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const asked = toastAskedBy(location);
    if (!asked) return;
    showToast(asked.text, asked.tone);
    navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [location, navigate, showToast]);
}

const tones = {
  success: { box: 'border-emerald-200', icon: <CheckCircleIcon size={20} className="text-emerald-600" /> },
  error: { box: 'border-red-200', icon: <XCircleIcon size={20} className="text-red-600" /> },
} as const;

/**
 * The toast, at the bottom right (full width on phones). The live region is always there, so a
 * screen reader announces each message as it appears.
 */
export function Toast({ toast, onDismiss }: { toast: ToastMessage | null; onDismiss: () => void }) {
  return (
    <div
      aria-live={toast?.tone === 'error' ? 'assertive' : 'polite'}
      className="pointer-events-none fixed inset-x-4 bottom-4 z-60 flex justify-end sm:inset-x-auto sm:right-6 sm:bottom-6"
    >
      {toast ? (
        <div
          key={toast.id}
          role={toast.tone === 'error' ? 'alert' : 'status'}
          className={`pointer-events-auto flex w-full items-start gap-3 rounded-xl border bg-white px-4 py-3 text-slate-900 text-sm shadow-lg sm:w-96 ${tones[toast.tone].box}`}
        >
          <span className="mt-px">{tones[toast.tone].icon}</span>
          <p className="min-w-0 flex-1 font-medium">{toast.text}</p>
          <button
            type="button"
            onClick={onDismiss}
            aria-label="Dismiss notification"
            className="-my-1 -mr-2 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <CloseIcon size={16} />
          </button>
        </div>
      ) : null}
    </div>
  );
}
