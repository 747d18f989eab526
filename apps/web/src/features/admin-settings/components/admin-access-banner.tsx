import { ShieldIcon } from '../../../components/icons';

export function AdminAccessBanner() {
  return (
    <div className="flex items-center gap-4 rounded-2xl bg-gradient-to-r from-ink-950 to-brand-900 p-5 text-white shadow-md">
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-400 text-slate-950">
        <ShieldIcon />
      </span>
      <div>
        <p className="font-bold text-sm tracking-widest">ADMIN ACCESS</p>
        <p className="mt-0.5 text-slate-300 text-sm">
          You are signed in with administrator rights. Changes here affect the whole platform.
        </p>
      </div>
    </div>
  );
}
