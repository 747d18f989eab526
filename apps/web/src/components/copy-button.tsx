import { copiedStateMs } from '@uplink/contract/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ButtonSize, type ButtonVariant, buttonClasses } from './button';
import { CheckIcon, CopyIcon } from './icons';

/** Copies text and reports `copied` for 5 seconds. A failed copy is only logged: the text stays on screen to copy by hand. */
export function useCopyToClipboard(): { copied: boolean; copy: (text: string) => Promise<void> } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = useCallback(async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), copiedStateMs);
    } catch (error) {
      console.error('Copy to clipboard failed', error);
    }
  }, []);
  return { copied, copy };
}

interface CopyButtonProps {
  value: string;
  /** Button text; the accessible name says what is copied, e.g. "Copy referral code". */
  label?: string;
  copiedLabel?: string;
  ariaLabel?: string;
  variant?: ButtonVariant;
  /** The size of a button with text; an icon-only button is always the 32 px square. */
  size?: Exclude<ButtonSize, 'icon'>;
  /** Only the icon, for tight spots next to a value. */
  iconOnly?: boolean;
  className?: string;
}

export function CopyButton({
  value,
  label = 'Copy',
  copiedLabel = 'Copied!',
  ariaLabel,
  variant = 'secondary',
  size = 'sm',
  iconOnly = false,
  className = '',
}: CopyButtonProps) {
  const { copied, copy } = useCopyToClipboard();
  return (
    <button
      type="button"
      onClick={() => copy(value)}
      aria-label={iconOnly ? (copied ? copiedLabel : (ariaLabel ?? label)) : ariaLabel}
      // A label never wraps: beside a long value (an invitation link on a phone) the value gives way.
      className={buttonClasses(
        variant,
        iconOnly ? 'icon' : size,
        `shrink-0 whitespace-nowrap ${copied ? 'text-emerald-700' : ''} ${className}`,
      )}
    >
      {copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
      {iconOnly ? null : <span aria-live="polite">{copied ? copiedLabel : label}</span>}
    </button>
  );
}
