// npm run test:page: the newcomer's path through the sandbox page, in headless Chromium against a real n8n (the
// packed package installed as a community package) and the Helena sandbox, as `npm start` sets them up. The page
// opens on the demo conversations with their history (both ways, templates, files, dates with their year, images
// drawn), and every link they show is clicked and what opens is read (the answered question's page, the files). In n8n's
// editor the Send and Wait example is run with "Execute workflow"; on the sandbox page its question reaches Maria's
// conversation, a click on its "Yes" button answers it and the workflow finishes with its reply. Then a conversation
// started on the page runs the tagging example (active, as a user activates it): the contact gets its tag and the
// welcome appears in the conversation, and the new contact heads the contacts table. A burst says how far it is from
// the click on, and no message of the page covers a button. Saves docs/screenshots/sandbox-page.png for the README. On
// the n8n `npm start` runs by default (2.x), it then walks the README's "Try it with `npm start`" column for the other
// examples (tryIt.mjs). Every example is imported, with `npm start`'s credentials, as `npm start` imports them.
//   HELENA_PAGE_PORT (default 5770) picks n8n's port (n8n also takes the next one); HELENA_N8N_VERSION another n8n
//   (default: the one `npm start` runs, START in scripts/lib/n8nVersions.cjs).
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { before, describe } from 'node:test';

import { cleanUpAfter, signedInBrowser, testWithScreenshot, visible } from '../../scripts/lib/browserTests.mjs';
import { demoWorkflowOf, demoWorkflows, prepareSandboxForDemos } from '../../scripts/lib/demoWorkflows.mjs';
import { N8n, ensureN8n, executionStatus, packPackage, packageRoot, temporaryUserFolder } from '../../scripts/lib/n8n.mjs';
import { MCP_TOKEN_CREDENTIAL, credentialFor, modelCredentialFor } from '../../scripts/lib/workflows.mjs';
import { walkTryItColumn } from './tryIt.mjs';

const require = createRequire(import.meta.url);
const { startSandbox, demo } = require('../sandbox/index.js');
const { START } = require('../../scripts/lib/n8nVersions.cjs');

const VERSION = process.env.HELENA_N8N_VERSION || START;

const PORT = Number(process.env.HELENA_PAGE_PORT ?? 5770);
const SCREENSHOTS = path.join(packageRoot, 'docs/screenshots');
const NEWCOMER = { phone: '+55 11 97123-4567', name: 'Paula Newcomer' };
const BROWSER_WALKED = ['confirm-appointment-and-wait.json', 'tag-new-conversations.json'];
const [askAndWait, tagging] = BROWSER_WALKED.map(demoWorkflowOf);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs in the sandbox page: the messages of the open conversation, each with who wrote it, its text, its answer
 * buttons, its template and file labels and its date line.
 */
function readConversation() {
	const textOf = (element) => element?.textContent ?? '';
	return {
		name: textOf(document.querySelector('#conversation-top .name')),
		messages: [...document.querySelectorAll('#messages .msg')].map((message) => ({
			fromContact: message.classList.contains('in'),
			text: textOf(message.querySelector('.text')),
			answers: [...message.querySelectorAll('a.msg-link.answer')].map((link) => ({ label: link.textContent, url: link.href })),
			template: textOf(message.querySelector('.tpl')),
			file: message.querySelector('a.file') && {
				label: message.querySelector('a.file').textContent,
				url: message.querySelector('a.file').href,
			},
			meta: textOf(message.querySelector('.meta')),
		})),
	};
}

/**
 * Runs in the sandbox page: what the header of the open conversation says, the pictures of its messages (drawn when
 * their width is known) and every link its messages show.
 */
function readConversationExtras() {
	return {
		header: document.getElementById('conversation-top').textContent,
		pictures: [...document.querySelectorAll('#messages .msg img.picture')].map((image) => ({
			alt: image.alt,
			drawn: image.complete && image.naturalWidth > 0,
		})),
		links: [...document.querySelectorAll('#messages .msg a[href]')].map((link) => link.href),
	};
}

/** Runs in the sandbox page: where the message box is, and where each button is, in the window. */
function toastAndButtons() {
	const box = (element) => {
		const { left, top, right, bottom } = element.getBoundingClientRect();
		return { left, top, right, bottom };
	};
	const toast = document.getElementById('toast');
	return {
		shown: toast.classList.contains('on'),
		text: toast.textContent,
		toast: box(toast),
		buttons: [...document.querySelectorAll('button')]
			.filter((button) => button.offsetParent !== null)
			.map((button) => ({ label: button.textContent.trim(), ...box(button) })),
	};
}
const overlaps = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Runs in the sandbox page: the rows of the contacts table (name, phone). */
function readContacts() {
	return [...document.querySelectorAll('#contacts tr')].slice(1).map((row) => [...row.cells].slice(0, 2).map((cell) => cell.textContent));
}

/** Runs in the sandbox page: what the list of conversations says of each. */
function readConversationList() {
	return [...document.querySelectorAll('#chats [data-conversation]')].map((item) => item.textContent);
}

describe(`the sandbox page with n8n ${VERSION}: a newcomer tries the examples by clicking`, () => {
	let sandbox;
	let userFolder;
	let n8n;
	let browser;
	let page;
	// what the sandbox page throws (uncaught errors)
	const pageErrors = [];

	const pageTest = testWithScreenshot(
		'helena-page-failure',
		() => page,
		() => `; n8n's log: ${n8n?.logFile}`,
	);

	/** The executions of a workflow once one has ended, newest first. */
	const ended = async (workflowId) => {
		for (const deadline = Date.now() + 90_000; Date.now() < deadline; await sleep(500)) {
			const { data } = await n8n.api('GET', `/executions?workflowId=${workflowId}&includeData=true`);
			if (data.some((execution) => ['success', 'error', 'crashed'].includes(executionStatus(execution)))) return data;
		}
		throw new Error(`no execution of ${workflowId} ended within 90 s`);
	};
	/** Waits for `name`'s conversation to be the one open on the page. */
	const conversationOpen = (name) => page.locator('#conversation-top .name', { hasText: new RegExp(`^${name}$`) }).waitFor();
	const openConversationOf = async (name) => {
		await visible(page, '#chats [data-conversation]', { text: name }).click();
		await conversationOpen(name);
	};
	const messageWith = (text) => visible(page, '#messages .msg', { text }).waitFor();
	/**
	 * Clicks the link of the open conversation that goes to `href` and reads what opens in the new tab: its status, type
	 * and text (a file may be downloaded rather than shown: its answer is read all the same).
	 */
	const openedByClick = async (href) => {
		const answered = page.context().waitForEvent('response', (response) => response.url() === href);
		const popup = page.waitForEvent('popup');
		await page.locator(`#messages .msg a[href="${href}"]`).first().click();
		const [response, tab] = await Promise.all([answered, popup]);
		const type = response.headers()['content-type'] ?? '';
		const text = type.startsWith('text/') ? await response.text() : '';
		await tab.close();
		return { status: response.status(), type, text: text.replace(/<[^>]+>/g, '') };
	};

	before(async () => {
		mkdirSync(SCREENSHOTS, { recursive: true });
		const install = ensureN8n(VERSION);
		const tarball = packPackage();
		userFolder = temporaryUserFolder(tarball, 'helena-page-');
		sandbox = await startSandbox({ port: 0 });
		await prepareSandboxForDemos(sandbox);
		const owner = { email: 'page@helena.test', password: 'Page-password-1' };
		n8n = new N8n({ install, userFolder: userFolder.folder, port: PORT, owner });
		await n8n.importCredentials([credentialFor(sandbox), modelCredentialFor(sandbox), MCP_TOKEN_CREDENTIAL]);
		await n8n.importWorkflows(demoWorkflows);
		await n8n.start();
		await n8n.signIn();
		await n8n.createApiKey();
		await n8n.api('POST', `/workflows/${tagging.id}/activate`);
		browser = await signedInBrowser(n8n);
		page = browser.page;
		page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
	});
	cleanUpAfter(() => ({ browser, n8n, sandbox, userFolder }));

	pageTest(
		'the first view: each demo conversation has its history, both ways, a template, a document, an image, dates with their year',
		async () => {
			await page.goto(sandbox.url);
			await visible(page, '#chats [data-conversation]').waitFor();
			const listed = await page.evaluate(readConversationList);
			assert.equal(listed.length, 3, listed.join('\n'));
			assert.ok(!listed.some((text) => text.includes('no messages yet')), listed.join('\n'));
			// the history is at most a few days old: dated this year, or last year in the first days of January
			const years = [new Date().getFullYear(), new Date().getFullYear() - 1].map(String);
			for (const name of ['Ana Oliveira', 'Maria Silva', 'João Santos']) {
				await openConversationOf(name);
				const { messages } = await page.evaluate(readConversation);
				const files = messages.filter((message) => message.file);
				assert.deepEqual(
					{
						name,
						fromContact: messages.some((message) => message.fromContact),
						fromTeam: messages.some((message) => !message.fromContact),
						template: messages.some((message) => /^Template: \w+/.test(message.template)),
						document: files.some((message) => /^File: .+\.pdf$/.test(message.file.label)),
						image: files.some((message) => /^File: .+\.png$/.test(message.file.label)),
						undated: messages.filter((message) => !years.some((year) => message.meta.includes(year))).map((message) => message.meta),
					},
					{ name, fromContact: true, fromTeam: true, template: true, document: true, image: true, undated: [] },
				);
				// the image is drawn in the conversation, as Helena's chat shows it, and still opens as an image
				const image = files.find((message) => message.file.label.endsWith('.png'));
				const served = await fetch(image.file.url);
				assert.equal(served.headers.get('content-type'), 'image/png', `${name}: ${image.file.url} answered ${served.status}`);
				await page.waitForFunction(() => [...document.querySelectorAll('#messages img.picture')].every((image) => image.naturalWidth > 0));
				const extras = await page.evaluate(readConversationExtras);
				assert.deepEqual(
					extras.pictures,
					files
						.filter((message) => message.file.label.endsWith('.png'))
						.map((message) => ({ alt: message.file.label.slice(6), drawn: true })),
				);
				// the header says what it means: no stray "false" (a completed conversation), no enum spelling
				assert.doesNotMatch(extras.header, /false|undefined|not_started/i, extras.header);
				assert.match(extras.header, /WhatsApp window (open|closed|not opened)/, extras.header);
				// every link the conversation shows opens something true: a click, and what opens in the new tab
				assert.equal(
					extras.links.filter((href) => !href.includes('/__sandbox/page/answered')).length,
					files.length,
					extras.links.join('\n'),
				);
				if (name === 'Maria Silva') assert.equal(extras.links.filter((href) => href.includes('/__sandbox/page/answered')).length, 2);
				for (const href of extras.links) {
					const opened = await openedByClick(href);
					assert.equal(opened.status, 200, `${name}: ${href} opened ${opened.status} ${opened.type}: ${opened.text.slice(0, 200)}`);
					assert.doesNotMatch(opened.text, /does not exist|"code":404/, `${name}: ${href}`);
					if (href.includes('/__sandbox/page/answered')) assert.match(opened.text, /This question was answered/, href);
					else assert.match(opened.type, /^(image\/png|application\/pdf)/, `${name}: ${href} is a ${opened.type}`);
				}
				if (name === 'Maria Silva') {
					// the question answered long ago: its links are buttons named by the answer, not addresses in the text
					const asked = messages.filter((message) => message.answers.length);
					assert.deepEqual(
						asked.map((message) => message.answers.map((answer) => answer.label)),
						[['Confirmar', 'Outro horário']],
					);
					assert.ok(!asked[0].text.includes('http'), asked[0].text);
				}
			}
			assert.deepEqual(pageErrors, []);
		},
	);

	pageTest('Send and Wait: run in the editor, answered by clicking its link on the sandbox page, the workflow finishes', async () => {
		await page.goto(`${n8n.url}/workflow/${askAndWait.id}`);
		await visible(page, '[data-test-id="canvas-node"]').waitFor({ timeout: 120_000 });
		await sleep(1500);
		await visible(page, '[data-test-id="execute-workflow-button"]').click();

		await page.goto(sandbox.url);
		// from here on, what the sandbox page throws (the editor's own errors are not this test's)
		pageErrors.length = 0;
		await openConversationOf('Maria Silva');
		await messageWith('Can you confirm your appointment');
		const asked = await page.evaluate(readConversation);
		// the demo history's answered question, and this run's: each link a button named by its answer
		assert.deepEqual(
			asked.messages.filter((message) => message.answers.length).map((message) => message.answers.map((answer) => answer.label)),
			[
				['Confirmar', 'Outro horário'],
				['Yes, I will be there', 'I need another time'],
			],
		);
		const question = asked.messages.find((message) => message.text.includes('Can you confirm your appointment'));
		assert.match(question.text, /^Hi Maria! Can you confirm your appointment on .+\?$/);
		assert.ok(
			question.answers.every((answer) => answer.url.startsWith(`${n8n.url}/webhook-waiting/`)),
			question.answers.map((answer) => answer.url).join('\n'),
		);

		// the person clicks "Yes" once the message has stopped changing (read): the link opens n8n's answer page in
		// another tab, and the workflow goes on
		const asking = page.locator('#messages .msg', { hasText: 'Can you confirm' });
		await asking.filter({ has: page.locator('.meta', { hasText: /read$/ }) }).waitFor();
		await asking.locator('a.msg-link.answer[href*="approved=true"]').click();
		await messageWith('Great, see you on');
		const [execution] = await ended(askAndWait.id);
		assert.equal(executionStatus(execution), 'success', JSON.stringify(execution.data?.resultData?.error ?? execution.status));
		const answer = execution.data.resultData.runData['Ask to confirm'][0].data.main[0][0].json;
		assert.deepEqual([answer.response, answer.approved], ['approved', true]);
		assert.ok(execution.data.resultData.runData['See you'], 'the "Confirmed" branch did not run');
		await sleep(800);
		writeFileSync(path.join(SCREENSHOTS, 'sandbox-page.png'), await page.screenshot());
	});

	pageTest('a conversation started on the page runs the tagging example: the contact is tagged and welcomed', async () => {
		await page.evaluate((newcomer) => {
			document.getElementById('new-phone').value = newcomer.phone;
			document.getElementById('new-name').value = newcomer.name;
			document.getElementById('new-text').value = 'Hello! Do you deliver on Saturdays?';
		}, NEWCOMER);
		await visible(page, '#new-send').click();
		await conversationOpen(NEWCOMER.name);

		await messageWith(`Hi ${NEWCOMER.name}, thanks for your message!`);
		const [execution] = await ended(tagging.id);
		assert.equal(executionStatus(execution), 'success', JSON.stringify(execution.data?.resultData?.error ?? execution.status));
		const contact = [...sandbox.state.contacts.values()].find((candidate) => candidate.name === NEWCOMER.name);
		assert.ok(contact, 'no contact for the new number');
		assert.ok(
			contact.tagIds.some((id) => sandbox.state.tags.get(id)?.name === 'Conversation started'),
			`the contact's tags: ${contact.tagIds.map((id) => sandbox.state.tags.get(id)?.name)}`,
		);
		assert.deepEqual(pageErrors, []);
		// the demo contact the other example wrote to is still as seeded
		assert.equal(sandbox.state.contacts.get(demo.contactId(1)).name, 'Maria Silva');
		// the new contact is the first row of the contacts table, its number in the form of the demo contacts'
		await page.goto(`${sandbox.url}/#contacts`);
		await visible(page, '#contacts tr', { text: NEWCOMER.name }).waitFor();
		const [first, second] = await page.evaluate(readContacts);
		assert.deepEqual([first, second[0]], [[NEWCOMER.name, '+55 11 97123-4567'], 'Felipe Cardoso']);
		assert.equal(contact.phoneNumber, '+55|11971234567');
	});

	pageTest("a burst shows its progress from the click on; the page's messages never cover a button", async () => {
		await page.goto(`${sandbox.url}/#conversations`);
		await openConversationOf(NEWCOMER.name);
		await page.locator('#reply-text').fill('First line\nSecond line\nThird line');
		await visible(page, '#reply-burst').click();
		// at once, before the first message is back: the toast says the burst is on its way
		const atOnce = await page.evaluate(toastAndButtons);
		assert.equal(atOnce.shown, true, 'nothing shown at the click');
		assert.match(atOnce.text, /^Sending a burst: [01] of 3 messages written/, atOnce.text);
		await page.locator('#toast', { hasText: /[23] of 3 messages written/ }).waitFor({ timeout: 10_000 });
		await page.locator('#toast', { hasText: 'Sent 3 messages a second apart' }).waitFor({ timeout: 10_000 });
		await messageWith('Third line');
		for (const moment of [atOnce, await page.evaluate(toastAndButtons)]) {
			const covered = moment.buttons.filter((button) => overlaps(moment.toast, button)).map((button) => button.label);
			assert.deepEqual(covered, [], `the message "${moment.text}" covers ${covered.join(', ')}`);
		}
		assert.deepEqual(pageErrors, []);
	});

	if (VERSION === START) {
		pageTest('the tagging example is deactivated before the README rows are walked', async () => {
			await n8n.api('POST', `/workflows/${tagging.id}/deactivate`);
		});
		walkTryItColumn(() => ({ n8n, sandbox }), { walkedByBrowser: BROWSER_WALKED });
	}
});
