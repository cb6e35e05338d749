/**
 * Issue 32 point 5, streaks and the "All done for today!" moment on screen: a child ticks the last
 * chore of the day and the celebration shows (once a day on the device: not again after a reload),
 * the streak line under the greeting counts the day, and the parent's dashboard shows the child's
 * streak. At a phone's 390 px and on a 1024×768 tablet (the family tablet's size), axe clean in light
 * and dark with the celebration open. Each test makes its own child in the demo family through the
 * API and deletes it again (support/ledger.ts).
 */
import { check } from './support/a11y';
import { childCard } from './support/family';
import { expect, test } from './support/fixtures';
import { childPage, choreForToday, cleanUp, newChild, tickAsChild } from './support/ledger';

test.use({ signedInAs: 'parent' });

for (const { label, viewport } of [
  { label: 'phone', viewport: { width: 390, height: 844 } },
  { label: 'tablet', viewport: { width: 1024, height: 768 } },
]) {
  test.describe(label, () => {
    test.use({ viewport });

    test('the last tick of the day brings "All done for today!" once; the streak counts the day, for the child and the parent', async ({ page, browser }) => {
      const child = await newChild(page.request);
      const first = await choreForToday(page.request, child.id, { amount: '0.50' });
      const second = await choreForToday(page.request, child.id, { amount: '0.75' });
      try {
        const { kid, close } = await childPage(browser, child);
        try {
          await kid.setViewportSize(viewport);
          await kid.goto('/');
          const streak = kid.getByTestId('streak');
          await expect(streak).toHaveText('Finish today to start a streak!');
          // One line, inside the purple header (white text never runs onto the page below it).
          const box = (await streak.boundingBox())!;
          expect(box.height).toBeLessThan(40);
          expect(box.y + box.height).toBeLessThan(300);

          // One of two: no celebration yet.
          await tickAsChild(kid, first.chore.name);
          await expect(kid.getByText('1 chore left for today. You’ve got this!')).toBeVisible();
          const celebration = kid.getByRole('status', { name: 'All done for today!' });
          await expect(celebration).toHaveCount(0);

          // The last one: the moment, announced (a status, never a modal: the page stays usable).
          await tickAsChild(kid, second.chore.name);
          await expect(celebration).toBeVisible();
          await expect(celebration).toContainText('Every chore for today is done. Great work!');
          await expect(kid.getByRole('dialog')).toHaveCount(0);
          await expect(kid.getByRole('checkbox', { name: `Mark ${second.chore.name} as done` })).toBeEnabled();
          await check(kid, `${label}-all-done`, { fullPage: false });
          await celebration.getByRole('button', { name: 'Yay!' }).click();
          await expect(celebration).toBeHidden();
          await expect(streak).toHaveText('1-day streak!');

          // Once a day: a reload (the day still done) does not bring it back.
          await kid.reload();
          await expect(kid.getByTestId('streak')).toHaveText('1-day streak!');
          await expect(kid.getByText('You finished all of today’s chores. Amazing!')).toBeVisible();
          await expect(celebration).toHaveCount(0);
        } finally {
          await close();
        }

        // The parent's dashboard: the child's card says the streak.
        await page.goto('/');
        await expect(childCard(page, child.displayName).getByTestId('streak')).toHaveText('1-day streak');
      } finally {
        await cleanUp(page.request, { chores: [first.chore.id, second.chore.id], children: [child.id] });
      }
    });
  });
}
