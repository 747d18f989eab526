import type { DemoNetwork } from './demo-network';
import type { RootAdmin } from './root-admin';

export interface BootstrapResult {
  rootAdmin: RootAdmin;
  demo: DemoNetwork | undefined;
}

/** What only the running process knows: how demo:pay reaches it. */
export interface LocalStartDetails {
  /** The exact demo:pay command for this server; null when no demo chain runs. */
  demoPayCommand?: string | null;
}

/** What a person starting the server needs: where it runs, how to sign in, how to invite. */
export function startupBanner(
  publicUrl: string,
  bootstrap: BootstrapResult,
  devToolsEnabled = false,
  local: LocalStartDetails = {},
): string {
  const { rootAdmin, demo } = bootstrap;
  const { generatedPassword, passwordFile } = rootAdmin;
  const adminPassword = generatedPassword
    ? `${generatedPassword}   (generated now${passwordFile ? `; also in ${passwordFile}, readable only by you` : ' and shown only this once'})`
    : rootAdmin.created
      ? '(the ADMIN_PASSWORD you configured)'
      : passwordFile
        ? `(generated on the first start; in ${passwordFile}, readable only by you)`
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
    lines.push('', `Mailbox          ${publicUrl}/dev/mailbox   (verification and reset e-mails)`);
    const payCommand = local.demoPayCommand === undefined ? 'npm run demo:pay -- <email>' : local.demoPayCommand;
    if (payCommand) lines.push(`Pay a member     ${payCommand}   (10 test USDT by default, on the local chain)`);
  }
  const width = Math.max(...lines.map((line) => line.length)) + 4;
  const rule = '='.repeat(width);
  return [rule, ...lines.map((line) => `  ${line}`), rule].join('\n');
}
