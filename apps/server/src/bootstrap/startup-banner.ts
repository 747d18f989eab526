import type { DemoNetwork } from './demo-network';
import type { RootAdmin } from './root-admin';

export interface BootstrapResult {
  rootAdmin: RootAdmin;
  demo: DemoNetwork | undefined;
}

/** What a person starting the server needs: where it runs, how to sign in, how to invite. */
export function startupBanner(publicUrl: string, bootstrap: BootstrapResult, devToolsEnabled = false): string {
  const { rootAdmin, demo } = bootstrap;
  const adminPassword = rootAdmin.generatedPassword
    ? `${rootAdmin.generatedPassword}   (generated now and shown only this once)`
    : rootAdmin.created
      ? '(the ADMIN_PASSWORD you configured)'
      : '(set on first start)';
  const lines = [
    `Uplink is running at ${publicUrl}`,
    '',
    `Administrator    ${rootAdmin.email}`,
    `  password       ${adminPassword}`,
    `Invitation link  ${publicUrl}/ref/${rootAdmin.referralCode}   (root code ${rootAdmin.referralCode})`,
  ];
  if (demo) {
    lines.push('', `Demo member      ${demo.email}`, `  password       ${demo.password}`);
  }
  if (devToolsEnabled) {
    lines.push(
      '',
      `Mailbox          ${publicUrl}/dev/mailbox   (verification and reset e-mails)`,
      'Pay a member     npm run demo:pay -- <email>   (10 test USDT on the local chain)',
    );
  }
  const width = Math.max(...lines.map((line) => line.length)) + 4;
  const rule = '='.repeat(width);
  return [rule, ...lines.map((line) => `  ${line}`), rule].join('\n');
}
