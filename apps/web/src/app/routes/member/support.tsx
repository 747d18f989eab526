import { PageHeader } from '../../../components/layouts/page-header';
import { HelpTopics, SupportHours } from '../../../features/support/components/help-topics';
import { SupportChannels } from '../../../features/support/components/support-channels';

export default function SupportPage() {
  return (
    <div>
      <PageHeader title="Support" subtitle="We are here to help — choose how you want to reach us" />
      <SupportChannels />
      <div className="mt-6 grid gap-6 lg:grid-cols-[1.6fr_1fr] lg:items-start">
        <HelpTopics />
        <SupportHours />
      </div>
    </div>
  );
}
