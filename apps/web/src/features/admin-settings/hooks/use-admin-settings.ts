import { useCallback, useState } from 'react';
import { z } from 'zod';
import { adminSettingsStorage } from '../../../lib/storage';

export const sessionTimeoutOptions = ['15', '30', '60', '120', '240'] as const;
export const maxLoginAttemptsOptions = ['3', '5', '10'] as const;

/** The admin's preferences and their defaults; anything unreadable falls back to its default. */
const adminSettingsSchema = z.object({
  emailNotifications: z.boolean().catch(true),
  withdrawalAlerts: z.boolean().catch(true),
  userRegistrationAlerts: z.boolean().catch(true),
  systemMaintenanceMode: z.boolean().catch(false),
  autoBackup: z.boolean().catch(true),
  auditLogs: z.boolean().catch(true),
  sessionTimeout: z.enum(sessionTimeoutOptions).catch('30'),
  maxLoginAttempts: z.enum(maxLoginAttemptsOptions).catch('5'),
});

export type AdminSettings = z.infer<typeof adminSettingsSchema>;
export type AdminToggle = {
  [K in keyof AdminSettings]: AdminSettings[K] extends boolean ? K : never;
}[keyof AdminSettings];

/** The stored settings; anything missing or unreadable falls back to its default. */
export function readAdminSettings(stored: string | null): AdminSettings {
  let parsed: unknown = {};
  try {
    parsed = stored ? JSON.parse(stored) : {};
  } catch {
    parsed = {};
  }
  return adminSettingsSchema.parse(typeof parsed === 'object' && parsed !== null ? parsed : {});
}

/** The admin's preferences, kept only in this browser (the API has no call to save them). */
export function useAdminSettings() {
  const [settings, setSettings] = useState(() => readAdminSettings(adminSettingsStorage.get()));
  const update = useCallback(<K extends keyof AdminSettings>(key: K, value: AdminSettings[K]) => {
    setSettings((current) => {
      const next = { ...current, [key]: value };
      adminSettingsStorage.set(JSON.stringify(next));
      return next;
    });
  }, []);
  return { settings, update };
}
