/** Pages of coming back later (decision 0068) that several stories open. */
import { expect, type Page } from '@playwright/test';

/** The reminders' unsubscribe page, once opened: it says no more reminders will come. */
export async function expectUnsubscribed(page: Page): Promise<void> {
  await expect(
    page.getByText('We will not send you any more reminders about this application.'),
  ).toBeVisible();
}
