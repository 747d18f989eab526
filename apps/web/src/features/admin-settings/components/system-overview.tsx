import { ActivityIcon, BellIcon, DatabaseIcon, ServerIcon } from '../../../components/icons';
import { StatCard } from '../../../components/stat-card';

/** Static figures (spec: System Status 'Online', Database 'Connected', the others '--'). */
export function SystemOverview() {
  return (
    <section aria-labelledby="system-overview-title">
      <h2 id="system-overview-title" className="mb-4 font-semibold text-lg text-slate-900">
        System Overview
      </h2>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard label="System Status" value="Online" icon={<ServerIcon size={18} />} accent="emerald" />
        <StatCard label="Database" value="Connected" icon={<DatabaseIcon size={18} />} accent="sky" />
        <StatCard label="Active Users" value="--" icon={<ActivityIcon size={18} />} accent="violet" />
        <StatCard label="Pending Actions" value="--" icon={<BellIcon size={18} />} accent="amber" />
      </div>
    </section>
  );
}
