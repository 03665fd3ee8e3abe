// What the browser tests (test/editor/run.mjs, test/page/run.mjs) share: a Chromium signed in to n8n, a `test` that
// leaves a screenshot when it fails, and the clean-up that runs after the tests or on Ctrl+C.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';

import { launchChromium } from './chromium.mjs';

/** Headless Chromium at 1280×800 with n8n's auth cookie (from `n8n.signIn()`). */
export async function signedInBrowser(n8n) {
	const browser = await launchChromium({ width: 1280, height: 800 });
	const [name, value] = n8n.cookie.split('=');
	await browser.page.setup({ cookies: [{ name, value, domain: '127.0.0.1', path: '/' }] });
	return browser;
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
