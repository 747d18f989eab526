import { describe, expect, it } from 'vitest';
import { readAdminSettings } from './use-admin-settings';

const defaults = {
  emailNotifications: true,
  withdrawalAlerts: true,
  userRegistrationAlerts: true,
  systemMaintenanceMode: false,
  autoBackup: true,
  auditLogs: true,
  sessionTimeout: '30',
  maxLoginAttempts: '5',
};

describe('readAdminSettings', () => {
  it('gives the defaults when nothing is stored', () => {
    expect(readAdminSettings(null)).toEqual(defaults);
  });

  it('keeps stored choices', () => {
    const stored = JSON.stringify({
      ...defaults,
      systemMaintenanceMode: true,
      sessionTimeout: '240',
      maxLoginAttempts: '3',
    });
    expect(readAdminSettings(stored)).toMatchObject({
      systemMaintenanceMode: true,
      sessionTimeout: '240',
      maxLoginAttempts: '3',
    });
  });

  it('replaces unreadable or out-of-range values with their defaults', () => {
    expect(readAdminSettings('{not json')).toEqual(defaults);
    expect(readAdminSettings('"a string"')).toEqual(defaults);
    const tampered = JSON.stringify({
      auditLogs: 'yes',
      sessionTimeout: '9999',
      maxLoginAttempts: 5,
      autoBackup: false,
    });
    expect(readAdminSettings(tampered)).toEqual({ ...defaults, autoBackup: false });
  });
});
