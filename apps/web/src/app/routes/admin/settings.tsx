import { errorTexts } from '@uplink/contract/error-codes';
import { Alert } from '../../../components/alert';
import { Card, CardBody, CardHeader } from '../../../components/card';
import { PageHeader } from '../../../components/layouts/page-header';
import { AdminAccessBanner } from '../../../features/admin-settings/components/admin-access-banner';
import { NotificationSettings, SystemSettings } from '../../../features/admin-settings/components/preference-cards';
import { SystemOverview } from '../../../features/admin-settings/components/system-overview';
import { TwoFactorCard } from '../../../features/admin-settings/components/two-factor-card';
import { useAdminSettings } from '../../../features/admin-settings/hooks/use-admin-settings';
import { AdminProfileCard } from '../../../features/profile/components/admin-profile-card';
import { ChangePasswordForm } from '../../../features/profile/components/change-password-form';
import { adminSecurityGuidelines, SecurityTips } from '../../../features/profile/components/security-tips';
import { useAuth } from '../../../lib/auth';
import { useLocation } from '../../../lib/router/router';
import { arrivedForSecondFactor } from '../../admin-guards';

export default function AdminSettingsPage() {
  const { user } = useAuth();
  const { settings, update } = useAdminSettings();
  const location = useLocation();
  if (!user) return null;
  return (
    <div className="space-y-6">
      <PageHeader title="Admin Settings" subtitle="Your administrator account and platform preferences" />
      <AdminAccessBanner />
      {arrivedForSecondFactor(location.state) ? <Alert tone="warning" title={errorTexts.ADMIN_TOTP_REQUIRED} /> : null}
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <AdminProfileCard admin={user} />
        <Card>
          <CardHeader title="Security" subtitle="Change your administrator password" />
          <CardBody className="space-y-5">
            <ChangePasswordForm variant="admin" />
            <SecurityTips title="Security Guidelines" tips={adminSecurityGuidelines} />
          </CardBody>
        </Card>
        <TwoFactorCard account={user.email} />
        <NotificationSettings settings={settings} update={update} />
        <SystemSettings settings={settings} update={update} />
      </div>
      <SystemOverview />
    </div>
  );
}
