import { ComingSoon } from '../../../components/coming-soon';

export default function AdminSettingsPage() {
  return <ComingSoon title="Admin Settings" />;
}
