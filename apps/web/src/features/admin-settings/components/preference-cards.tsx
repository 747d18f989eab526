import type { ReactNode } from 'react';
import { Card, CardBody, CardHeader } from '../../../components/card';
import { SelectField } from '../../../components/select-field';
import { Toggle } from '../../../components/toggle';
import {
  type AdminSettings,
  type AdminToggle,
  maxLoginAttemptsOptions,
  sessionTimeoutOptions,
} from '../hooks/use-admin-settings';

interface PreferencesProps {
  settings: AdminSettings;
  update: <K extends keyof AdminSettings>(key: K, value: AdminSettings[K]) => void;
}

interface PreferenceToggle {
  key: AdminToggle;
  label: string;
  description: string;
}

const notificationToggles: PreferenceToggle[] = [
  { key: 'emailNotifications', label: 'Email Notifications', description: 'Receive platform notifications by e-mail.' },
  { key: 'withdrawalAlerts', label: 'Withdrawal Alerts', description: 'Be alerted when a withdrawal is requested.' },
  {
    key: 'userRegistrationAlerts',
    label: 'User Registration Alerts',
    description: 'Be alerted when a new member registers.',
  },
];

const systemToggles: PreferenceToggle[] = [
  { key: 'systemMaintenanceMode', label: 'Maintenance Mode', description: 'Show members a maintenance notice.' },
  { key: 'autoBackup', label: 'Auto Backup', description: 'Back up the platform data automatically every day.' },
  { key: 'auditLogs', label: 'Audit Logs', description: 'Record administrator actions for later review.' },
];

/** A card of on/off preferences, one line apart, and whatever else it holds (`children`). */
function PreferenceCard({
  title,
  toggles,
  settings,
  update,
  children,
}: PreferencesProps & { title: string; toggles: PreferenceToggle[]; children?: ReactNode }) {
  return (
    <Card>
      <CardHeader title={title} subtitle="Saved automatically in this browser." />
      <CardBody className="py-1">
        <div className="divide-y divide-slate-100">
          {toggles.map((toggle) => (
            <Toggle
              key={toggle.key}
              label={toggle.label}
              description={toggle.description}
              checked={settings[toggle.key]}
              onChange={(checked) => update(toggle.key, checked)}
            />
          ))}
        </div>
        {children}
      </CardBody>
    </Card>
  );
}

export function NotificationSettings(props: PreferencesProps) {
  return <PreferenceCard title="Notification Settings" toggles={notificationToggles} {...props} />;
}

export function SystemSettings({ settings, update }: PreferencesProps) {
  return (
    <PreferenceCard title="System Settings" toggles={systemToggles} settings={settings} update={update}>
      <div className="grid gap-4 border-slate-100 border-t py-5 sm:grid-cols-2">
        <SelectField
          label="Session Timeout"
          value={settings.sessionTimeout}
          onChange={(event) => update('sessionTimeout', event.target.value as AdminSettings['sessionTimeout'])}
          options={sessionTimeoutOptions.map((minutes) => ({ value: minutes, label: `${minutes} minutes` }))}
        />
        <SelectField
          label="Max Login Attempts"
          value={settings.maxLoginAttempts}
          onChange={(event) => update('maxLoginAttempts', event.target.value as AdminSettings['maxLoginAttempts'])}
          options={maxLoginAttemptsOptions.map((attempts) => ({ value: attempts, label: `${attempts} attempts` }))}
        />
      </div>
    </PreferenceCard>
  );
}
