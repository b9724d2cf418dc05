/**
 * Sharing in the app (issue 14 part 4), with one browser context per user: the owner invites a user
 * by name from the Share dialog and changes the role; both have the project open and each sees the
 * other's presence dot in the tree and over the canvas, and the other's cursor; leaving removes the
 * dot; a read-only member opens it read-only; the read-only link opens it read-only for a user who is
 * not a member; a project moved into a team opens for a member added to that team, and who has it
 * open is told (team mode on the live channel).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, projectUuidOf, signUp, startStack, type Stack } from './lib/harness.ts';

let stack: Stack;
let browser: Browser;
let alice: Page;
let bob: Page;
let carol: Page;
let bobName = '';
let carolName = '';

const sheetRow = (page: Page, name: string) => page.locator(`[role=treeitem][data-icon=sheet] > .tree-row[title="${name}"]`).first();
const saved = (page: Page) => page.locator('[data-testid=sync-status][data-status=saved]').waitFor({ timeout: 60_000 });
const roBadge = (page: Page) => page.locator('.topbar .badge.ro');

async function openShare(page: Page) {
  await page.getByRole('button', { name: 'Share…' }).click();
  const dlg = page.getByTestId('share-dialog');
  await dlg.getByTestId('share-member').first().waitFor();
  return dlg;
}

async function detail(uuid: string): Promise<{ scope: number; team_uuid: string | null; members: Array<{ username: string; role: string }> }> {
  return ((await (await alice.request.get(`${stack.url}/api/projects/${uuid}`)).json()) as { result: never }).result;
}

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  ({ page: alice } = await newPage(browser, stack.url));
  ({ page: bob } = await newPage(browser, stack.url));
  ({ page: carol } = await newPage(browser, stack.url));
  await signUp(alice, 'alice');
  bobName = await signUp(bob, 'bob');
  carolName = await signUp(carol, 'carol');
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe('sharing (e2e, two browser contexts)', () => {
  it('[issue-14] invite by name, roles, presence in the tree and on the canvas, read-only link, team project', async () => {
    await alice.getByLabel('Project name').fill('Shared board');
    await alice.getByRole('button', { name: 'Create project' }).click();
    await sheetRow(alice, 'P1').waitFor();
    await saved(alice);
    const uuid = projectUuidOf(alice);

    // invite bob as read-only, then make him a member
    let dlg = await openShare(alice);
    await dlg.getByLabel('User name').fill(bobName);
    await dlg.getByLabel('Role', { exact: true }).selectOption('readonly');
    await dlg.getByRole('button', { name: 'Invite' }).click();
    await dlg.getByTestId('share-member').filter({ hasText: bobName }).waitFor();
    await expect.poll(async () => (await detail(uuid)).members.find((m) => m.username === bobName)?.role).toBe('readonly');
    await dlg.getByLabel(`Role of ${bobName}`).selectOption('member');
    await expect.poll(async () => (await detail(uuid)).members.find((m) => m.username === bobName)?.role).toBe('member');
    await dlg.getByRole('button', { name: 'Close' }).click();

    // bob opens the project: each sees the other in the tree (project head and the sheet row) and over the canvas
    await bob.goto(`${stack.url}/#/project/${uuid}`);
    await sheetRow(bob, 'P1').waitFor({ timeout: 60_000 });
    await expect(roBadge(bob).count()).resolves.toBe(0);
    const initial = (n: string) => n.slice(0, 1).toUpperCase();
    await alice.getByTestId('project-presence').getByLabel(bobName).waitFor({ timeout: 60_000 });
    await sheetRow(alice, 'P1').getByTestId('tree-presence').getByLabel(bobName).waitFor({ timeout: 60_000 });
    await alice.getByTestId('canvas-presence').getByLabel(bobName).waitFor({ timeout: 60_000 });
    expect(await alice.getByTestId('canvas-presence').getByLabel(bobName).textContent()).toBe(initial(bobName));
    await bob.getByTestId('canvas-presence').getByLabel(/^alice/).waitFor({ timeout: 60_000 });

    // bob's pointer over his canvas shows as his cursor on alice's canvas
    const canvas = bob.locator('.tabpanel canvas').first();
    const box = (await canvas.boundingBox())!;
    for (let i = 0; i < 5; i++) await bob.mouse.move(box.x + box.width / 2 + i * 10, box.y + box.height / 2);
    await alice.getByTestId('presence-cursor').filter({ hasText: bobName }).waitFor({ timeout: 60_000 });

    // bob leaves: his dots go
    await bob.goto(`${stack.url}/#/`);
    await expect.poll(() => alice.getByTestId('project-presence').count(), { timeout: 60_000 }).toBe(0);
    await expect.poll(() => alice.getByTestId('canvas-presence').count(), { timeout: 60_000 }).toBe(0);

    // bob made read-only: the project opens read-only for him
    dlg = await openShare(alice);
    await dlg.getByLabel(`Role of ${bobName}`).selectOption('readonly');
    await expect.poll(async () => (await detail(uuid)).members.find((m) => m.username === bobName)?.role).toBe('readonly');
    await bob.goto(`${stack.url}/#/project/${uuid}`);
    await bob.reload();
    await sheetRow(bob, 'P1').waitFor({ timeout: 60_000 });
    await roBadge(bob).waitFor({ timeout: 60_000 });

    // carol is no member: refused; the read-only link lets her read
    await carol.goto(`${stack.url}/#/project/${uuid}`);
    await carol.getByRole('alert').waitFor({ timeout: 60_000 });
    // a controlled box: it shows the server's answer, so click and wait for the state
    await dlg.getByLabel('Anyone logged in with the link can view').click();
    await dlg.getByLabel('Read-only link').waitFor();
    const link = await dlg.getByLabel('Read-only link').inputValue();
    expect(link).toContain('readonly');
    expect(link).toContain(uuid);
    await expect.poll(async () => (await detail(uuid)).scope).toBe(3);
    await carol.goto(link);
    await carol.reload();
    await sheetRow(carol, 'P1').waitFor({ timeout: 60_000 });
    await roBadge(carol).waitFor();

    // team project: alice makes a team, moves the project into it and adds carol; carol opens it as a member
    await dlg.getByLabel('New team name').fill('Hardware');
    await dlg.getByRole('button', { name: 'Create team' }).click();
    await dlg.getByLabel('Team', { exact: true }).locator('option', { hasText: 'Hardware' }).waitFor({ state: 'attached' });
    await dlg.getByLabel('Team', { exact: true }).selectOption({ label: 'Hardware' });
    await dlg.getByTestId('share-team').getByText('In the team Hardware').waitFor();
    await expect.poll(async () => (await detail(uuid)).scope).toBe(1);
    // team mode on the live channel: bob, who has the project open, is told where it is now
    await bob.getByText('This project is now in the team Hardware').waitFor({ timeout: 60_000 });
    await dlg.getByLabel('Team member name').fill(carolName);
    await dlg.getByRole('button', { name: 'Add to team' }).click();
    await dlg.getByText(carolName).waitFor();
    await carol.goto(`${stack.url}/`);
    await carol.goto(`${stack.url}/#/project/${uuid}`);
    await carol.reload();
    await sheetRow(carol, 'P1').waitFor({ timeout: 60_000 });
    await expect(roBadge(carol).count()).resolves.toBe(0);
  }, 300_000);
});
