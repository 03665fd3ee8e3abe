// What the browser tests (test/editor/run.mjs, test/page/run.mjs) and the docs' screenshots share: Debian's Chromium
// driven by Playwright, signed in to n8n, a `test` that leaves a screenshot when it fails, and the clean-up that runs
// after the tests or on Ctrl+C.
import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';

import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.HELENA_CHROMIUM ?? '/usr/bin/chromium';

/**
 * Headless Chromium (the system's: Playwright downloads no browser here) with one page of `width`×`height`;
 * a step waits up to 60 s. `close()` ends the browser.
 */
export async function launchChromium({ width = 1280, height = 800, cookies = [] } = {}) {
	if (!existsSync(CHROMIUM)) {
		throw new Error(`${CHROMIUM} not found: apt-get install -y --no-install-recommends chromium fonts-liberation`);
	}
	// on Ctrl+C, cleanUpAfter closes it in its turn
	const browser = await chromium.launch({
		executablePath: CHROMIUM,
		args: ['--disable-dev-shm-usage'],
		handleSIGINT: false,
		handleSIGTERM: false,
	});
	const context = await browser.newContext({ viewport: { width, height } });
	context.setDefaultTimeout(60_000);
	await context.addCookies(cookies);
	const page = await context.newPage();
	// "Leave site? Changes you made may not be saved": leave, as a test that navigates on means to
	page.on('dialog', (dialog) => dialog.accept().catch(() => {}));
	return { page, close: () => browser.close() };
}

/** Headless Chromium at 1280×800 with n8n's auth cookie (from `n8n.signIn()`). */
export async function signedInBrowser(n8n) {
	const [name, value] = n8n.cookie.split('=');
	return await launchChromium({ cookies: [{ name, value, domain: '127.0.0.1', path: '/' }] });
}

/** The first (or `last`) visible element matching `selector` that contains `text`. */
export function visible(page, selector, { text, last = false } = {}) {
	const matches = page.locator(selector).filter(text ? { visible: true, hasText: text } : { visible: true });
	return last ? matches.last() : matches.first();
}

/**
 * `test` that leaves a screenshot of the page in the temp folder when it fails, to see what the page showed;
 * `page()` gives the page then, `more()` adds to the error message.
 */
export const testWithScreenshot =
	(prefix, page, more = () => '') =>
	(name, body) =>
		test(name, async () => {
			try {
				await body();
			} catch (error) {
				const file = path.join(tmpdir(), `${prefix}-${name.replace(/\W+/g, '-').slice(0, 60)}.png`);
				await page()
					?.screenshot()
					.then((png) => writeFileSync(file, png))
					.catch(() => {});
				error.message += `\n(screenshot: ${file}${more()})`;
				throw error;
			}
		});

/** Stops Chromium, n8n, the sandbox and removes the user folder after the tests, and on Ctrl+C or SIGTERM. */
export function cleanUpAfter(parts) {
	const cleanup = async () => {
		const { browser, n8n, sandbox, userFolder } = parts();
		await browser?.close();
		await n8n?.stop();
		await sandbox?.close();
		userFolder?.cleanup();
	};
	after(cleanup);
	for (const signal of ['SIGINT', 'SIGTERM']) {
		process.once(signal, async () => {
			await cleanup();
			process.exit(1);
		});
	}
}
