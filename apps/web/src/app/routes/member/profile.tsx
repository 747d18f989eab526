import { ComingSoon } from '../../../components/coming-soon';

export default function ProfilePage() {
  return <ComingSoon title="Profile" subtitle="Profile & Security" />;
}
