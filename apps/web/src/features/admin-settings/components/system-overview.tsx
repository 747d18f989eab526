import { ActivityIcon, BellIcon, DatabaseIcon, ServerIcon } from '../../../components/icons';
import { StatCards } from '../../../components/stat-card';

/** Static figures until the admin dashboard measures them: System Status 'Online', Database 'Connected', the others '--'. */
export function SystemOverview() {
  return (
    <section aria-labelledby="system-overview-title">
      <h2 id="system-overview-title" className="mb-4 font-semibold text-lg text-slate-900">
        System Overview
      </h2>
      <StatCards
        grid="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4"
        statistics={[
          { label: 'System Status', value: 'Online', icon: ServerIcon, accent: 'emerald' },
          { label: 'Database', value: 'Connected', icon: DatabaseIcon, accent: 'sky' },
          { label: 'Active Users', value: '--', icon: ActivityIcon, accent: 'violet' },
          { label: 'Pending Actions', value: '--', icon: BellIcon, accent: 'amber' },
        ]}
      />
    </section>
  );
}
