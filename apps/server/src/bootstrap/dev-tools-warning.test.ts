import { describe, expect, it } from 'vitest';
import { devToolsWarning } from './dev-tools-warning';

const publicUrl = 'http://uplink.test';

describe('the dev-tools warning at start-up', () => {
  it('warns loudly when dev tools are on and the server listens beyond loopback', () => {
    for (const host of ['0.0.0.0', '::', '192.0.2.10']) {
      const warning = devToolsWarning({ devToolsEnabled: true, host, publicUrl });
      expect(warning).toContain(`WARNING: DEV TOOLS ARE ON AND REACHABLE FROM OTHER MACHINES (HOST=${host})`);
      expect(warning).toContain('http://uplink.test/dev/mailbox needs no sign-in');
      expect(warning).toContain('Unset DEV_TOOLS');
    }
  });

  it('stays quiet on a loopback address or with dev tools off', () => {
    expect(devToolsWarning({ devToolsEnabled: true, host: '127.0.0.1', publicUrl })).toBeNull();
    expect(devToolsWarning({ devToolsEnabled: true, host: 'localhost', publicUrl })).toBeNull();
    expect(devToolsWarning({ devToolsEnabled: false, host: '0.0.0.0', publicUrl })).toBeNull();
  });
});
