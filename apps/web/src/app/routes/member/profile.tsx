import { ButtonLink } from '../../../components/button';
import { Card, CardBody, CardHeader } from '../../../components/card';
import { PageHeader } from '../../../components/layouts/page-header';
import { ChangePasswordForm } from '../../../features/profile/components/change-password-form';
import { MemberProfileCard } from '../../../features/profile/components/member-profile-card';
import { NotificationPreferencesCard } from '../../../features/profile/components/notification-preferences-card';
import { memberSecurityTips, SecurityTips } from '../../../features/profile/components/security-tips';
import { useAuth } from '../../../lib/auth';

/** /profile and /settings: the read-only profile, the security card and the notice switches. */
export default function ProfilePage() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div>
      <PageHeader title="Profile Settings" subtitle="Your account information and security" />
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <MemberProfileCard user={user} />
        <Card>
          <CardHeader title="Security" subtitle="Keep your account safe" />
          <CardBody className="space-y-5">
            <ChangePasswordForm />
            <SecurityTips title="Security Tips" tips={memberSecurityTips} />
          </CardBody>
        </Card>
        <NotificationPreferencesCard />
        <Card>
          <CardHeader title="Need help?" subtitle="Telegram around the clock, e-mail within 24 hours" />
          <CardBody>
            <ButtonLink to="/support" variant="secondary">
              Get Assistance
            </ButtonLink>
          </CardBody>
        </Card>
      </div>
    </div>
  );
}
