import { InfoIcon } from './icons';

/**
 * The line the server writes beside rows rounded to the cent: their exact sum and how it stands in
 * the ledger ("Rows are rounded to the cent. Exact sum 36.6047 USDT: 36.60 credited, 0.0047
 * carried to your next credit."). Shown as it comes, never worded here.
 */
export function FiguresNote({ note, className = '' }: { note: string; className?: string }) {
  return (
    <p className={`flex items-start gap-2 text-slate-600 text-xs ${className}`} data-testid="figures-note">
      <InfoIcon size={14} />
      <span className="min-w-0">{note}</span>
    </p>
  );
}
