/**
 * The setup project (playwright.config.ts): signs the demo parent and each demo child in through
 * the real login pages, once per server, and saves their sessions for the specs that start signed
 * in (`test.use({ signedInAs })`, support/fixtures.ts). Signing in is what these steps test too:
 * the login page ends on the dashboard, or the run stops here.
 */
import { test as setup } from '@playwright/test';
import { DEMO_CHILDREN } from '../../shared/demo';
import { savedSession, SAVED_USERS } from './support/fixtures';
import { E2E_SERVERS } from './support/servers';
import { logInAsChild, logInAsParent } from './support/session';

for (const server of E2E_SERVERS) {
  for (const who of SAVED_USERS) {
    setup(`${who} signs in on server ${server.index} through the login page`, async ({ browser }) => {
      const context = await browser.newContext({ baseURL: server.baseURL, storageState: undefined });
      const page = await context.newPage();
      if (who === 'parent') {
        await logInAsParent(page);
      } else {
        const child = DEMO_CHILDREN.find((c) => c.username === who);
        if (!child) throw new Error(`${who} is not a demo child`);
        await logInAsChild(page, child.username, child.password);
      }
      await context.storageState({ path: savedSession(server.index, who) });
      await context.close();
    });
  }
}
