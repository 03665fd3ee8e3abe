// npm run test:editor: the nodes as users see them, in n8n's editor in headless Chromium. A real n8n (the
// packed package installed as a community package) and the Helena sandbox; the test adds the Helena node
// from the node creator, picks Contact → Create or Update Many, adds the Helena Trigger, opens the example
// workflows and the AI tool, checks what the panels show (labels in order, values, hints, the events list,
// the canvas subtitles, the dark icon) and saves screenshots to docs/screenshots/ for the README.
//   HELENA_EDITOR_PORT (default 5760) picks n8n's port; HELENA_N8N_VERSION another n8n.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { before, describe } from 'node:test';

import { cleanUpAfter, signedInBrowser, testWithScreenshot, visible } from '../../scripts/lib/browserTests.mjs';
import { exampleFiles, loadExample } from '../../scripts/lib/examples.mjs';
import { DEFAULT_N8N_VERSION, N8n, ensureN8n, packPackage, packageRoot, temporaryUserFolder } from '../../scripts/lib/n8n.mjs';
import { CREDENTIAL_ID, credentialFor } from '../../scripts/lib/workflows.mjs';

const require = createRequire(import.meta.url);
const { startSandbox } = require('../sandbox/index.js');

const PORT = Number(process.env.HELENA_EDITOR_PORT ?? 5760);
const SCREENSHOTS = path.join(packageRoot, 'docs/screenshots');
const BLANK = {
	id: 'editorBlank00001',
	name: 'Editor test: add a Helena node',
	active: false,
	settings: { executionOrder: 'v1' },
	nodes: [{ id: 'start', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} }],
	connections: {},
};
const examples = Object.fromEntries(
	exampleFiles().map((file) => [
		file.replace(/\.json$/, ''),
		loadExample(file, { credentials: { helenaApi: { id: CREDENTIAL_ID, name: 'Helena sandbox' } } }),
	]),
);

const settle = (ms = 700) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs in the page: the visible parameters of the open node panel in order: each label with its value
 * (the chips of a multi-select) and the text around it (hint included), and each notice.
 */
function readParameters() {
	const root = document.querySelector('[data-test-id="node-parameters"]');
	return [...root.querySelectorAll('label.n8n-input-label, .notice')]
		.filter((element) => element.getClientRects().length)
		.map((element) => {
			if (element.classList.contains('notice')) return { notice: element.innerText.trim() };
			// n8n 1.x says "Credential to connect with", 2.x "Credential"
			const label = element.innerText
				.trim()
				.split('\n')[0]
				.trim()
				.replace(/^Credential to connect with$/, 'Credential');
			const container =
				element.closest('[data-test-id="input-label"], [data-test-id="credentials-label"]')?.parentElement ?? element.parentElement;
			const chips = [
				...new Set([...container.querySelectorAll('.el-select__tags-text, .el-tag__content')].map((chip) => chip.innerText.trim())),
			];
			const input = container.querySelector('input:not([type="radio"]), textarea');
			return { label, value: chips.length ? chips : (input?.value ?? ''), text: container.innerText.trim() };
		});
}

/** Runs in the page: the texts of the open dropdown's options. */
function readDropdown() {
	return [...document.querySelectorAll('.el-select-dropdown__item, .el-dropdown-menu__item')]
		.filter((item) => item.getClientRects().length)
		.map((item) => item.innerText.trim().replace(/\s*\n\s*/g, ' | '));
}

describe(`the Helena nodes in n8n's editor ${DEFAULT_N8N_VERSION}`, () => {
	let sandbox;
	let userFolder;
	let n8n;
	let browser;
	let page;
	let helenaActions;
	let helenaResources;

	const editorTest = testWithScreenshot('helena-editor-failure', () => page);
	const element = (selector, options) => visible(page, selector, options);

	const shot = async (name) => {
		await settle();
		writeFileSync(path.join(SCREENSHOTS, `${name}.png`), await page.screenshot());
	};
	const openWorkflow = async (id) => {
		await page.goto(`${n8n.url}/workflow/${id}`);
		await element('[data-test-id="canvas-node"]').waitFor({ timeout: 120_000 });
		await settle(1500);
	};
	const openNode = async (name) => {
		await element('[data-test-id="canvas-node"]', { text: name }).dblclick();
		await element('[data-test-id="ndv"] [data-test-id="parameter-item"]').waitFor();
		await settle(1500);
	};
	const closeNode = async () => {
		// 1.x: "Back to canvas"; 2.x: a close button
		await element('[data-test-id="back-to-canvas"], [data-test-id="ndv-close-button"]').click();
		await settle();
	};
	const canvasNode = (name) =>
		page.evaluate(
			(name) =>
				[...document.querySelectorAll('[data-test-id="canvas-node"]')]
					.map((node) => node.innerText.trim().split(/\s*\n\s*/))
					.find((lines) => lines.join(' ').includes(name)),
			name,
		);
	const searchNodeCreator = async (text) => {
		await element('[data-test-id="node-creator-search-bar"], [data-test-id="search-bar"] input').waitFor();
		await settle(400);
		await page.keyboard.insertText(text);
		await element('[data-test-id="node-creator-item-name"]', { text: 'Helena' }).waitFor();
		await settle();
	};

	before(async () => {
		mkdirSync(SCREENSHOTS, { recursive: true });
		const install = ensureN8n();
		const tarball = packPackage();
		const { Helena } = require(path.join(packageRoot, 'dist/nodes/Helena/Helena.node.js'));
		helenaActions = new Helena().description.properties
			.filter((property) => property.name === 'operation')
			.flatMap((property) => property.options.map((option) => option.action));
		helenaResources = new Helena().description.properties
			.find((property) => property.name === 'resource')
			.options.map((option) => option.name);
		userFolder = temporaryUserFolder(tarball, 'helena-editor-');
		sandbox = await startSandbox({ port: 0, apiKey: 'editor-test-key' });
		const owner = { email: 'editor@helena.test', password: 'Editor-password-1' };
		n8n = new N8n({ install, userFolder: userFolder.folder, port: PORT, owner });
		await n8n.importCredentials([credentialFor(sandbox)]);
		for (const workflow of [BLANK, ...Object.values(examples)]) await n8n.importWorkflow(workflow);
		await n8n.start();
		await n8n.signIn();
		browser = await signedInBrowser(n8n);
		page = browser.page;
	});
	cleanUpAfter(() => ({ browser, n8n, sandbox, userFolder }));

	editorTest('the node creator finds Helena and lists its actions by resource', async () => {
		await openWorkflow(BLANK.id);
		await element('[data-test-id="canvas-handle-plus"]').click();
		await searchNodeCreator('Helena');
		await element('[data-test-id="node-creator-item-name"]', { text: 'Helena' }).click();
		// the list renders in parts: read it until every action is there (or 10 s have passed)
		let listed = '';
		const missing = () => helenaActions.filter((action) => !listed.includes(action));
		for (let attempt = 0; attempt < 40 && (attempt === 0 || missing().length); attempt++) {
			if (attempt) await settle(250);
			listed = await page.evaluate(() => document.querySelector('[data-test-id="node-creator"]')?.innerText ?? '');
		}

		// every operation of the node's description, counted and grouped by its resource as n8n lists them
		assert.ok(listed.includes(`Actions (${helenaActions.length})`), listed.slice(0, 600));
		assert.deepEqual(missing(), [], 'actions missing from the node creator');
		for (const group of helenaResources.map((resource) => `${resource.toUpperCase()} ACTIONS`)) assert.ok(listed.includes(group), group);
		// n8n describes Helena as a whole with the trigger's description
		assert.ok(listed.includes('Start workflows on Helena (WTS Chat) events'), listed.slice(0, 300));
		await shot('node-creator-actions');
	});

	editorTest('Contact → Create or Update Many: auto-map by default with one notice, Define Below maps the fields', async () => {
		await element('[data-test-id="node-creator-item-name"], [data-test-id="node-creator-action-item"]', {
			text: 'Create or update many contacts',
		}).click();
		await element('[data-test-id="ndv"] [data-test-id="parameter-item"]').waitFor();
		await settle(1500);
		let parameters = await page.evaluate(readParameters);

		assert.deepEqual(
			parameters.map((parameter) => parameter.label ?? 'notice'),
			['Credential', 'Resource', 'Operation', 'Contact Data', 'notice', 'Options'],
		);
		assert.equal(parameters[0].value, 'Helena sandbox');
		assert.equal(parameters[1].value, 'Contact');
		assert.equal(parameters[2].value, 'Create or Update Many (Batch)');
		assert.equal(parameters[3].value, 'Auto-Map Input Data');
		assert.match(parameters[3].text, /Items go to Helena 100 per request/);
		assert.match(parameters[4].notice, /^Use these keys: name, phoneNumber, email/);
		await shot('upsert-many-auto-map');

		await element('[data-test-id="parameter-input-dataMode"]').click();
		await element('.el-select-dropdown__item', { text: 'Define Below' }).click();
		await element('[data-test-id="node-parameters"] label.n8n-input-label', { text: 'Phone Number' }).waitFor();
		await settle();
		parameters = await page.evaluate(readParameters);
		assert.deepEqual(
			parameters.map((parameter) => parameter.label ?? 'notice'),
			['Credential', 'Resource', 'Operation', 'Contact Data', 'Name', 'Phone Number', 'Additional Fields', 'Options'],
		);
		await shot('upsert-many-define-below');
		await element('[data-test-id="node-parameters"] input[placeholder="Add Option"]', { last: true }).click();
		await settle();
		assert.deepEqual(await page.evaluate(readDropdown), [
			'Update Existing Contacts',
			'Fields to Update',
			'Leave Existing Contacts Unchanged',
			'Tag Operation for Existing Contacts',
		]);
		await shot('upsert-many-options');
		await page.keyboard.press('Escape');
		await closeNode();

		const node = await canvasNode('Create or update many contacts');
		assert.ok(node?.includes('Contact: Create/Update Many'), JSON.stringify(node));
	});

	editorTest('the Helena Trigger: SESSION_NEW by default, the events explained in English', async () => {
		await page.goto(`${n8n.url}/workflow/new`);
		await element('[data-test-id="canvas-wrapper"]').waitFor({ timeout: 120_000 });
		await settle(1500);
		await element('[data-test-id="node-creator-plus-button"]').click();
		await searchNodeCreator('Helena');
		await element('[data-test-id="node-creator-item-name"]', { text: 'Helena' }).click();
		await element('[data-test-id="node-creator-item-name"], [data-test-id="node-creator-action-item"]', {
			text: 'On new Helena event',
		}).click();
		await element('[data-test-id="ndv"] [data-test-id="parameter-item"]').waitFor();
		await settle(1500);
		const parameters = await page.evaluate(readParameters);

		assert.deepEqual(
			parameters.map((parameter) => parameter.label),
			['Credential', 'Event Names or IDs', 'Options'],
		);
		assert.deepEqual(parameters[1].value, ['SESSION_NEW']);
		await element('[data-test-id="parameter-input-events"]').click();
		await element('.el-select-dropdown__item', { text: 'PANEL_CARD_NOTE_UPDATE' }).waitFor();
		const events = await page.evaluate(readDropdown);
		assert.equal(events.length, 16);
		assert.equal(events[0], 'SESSION_NEW | A conversation opened (Atendimento criado)');
		await shot('trigger-events');
		await page.keyboard.press('Escape');
	});

	const canvases = {
		'tag-new-conversations': { 'New conversation': 'SESSION_NEW', 'Get contact': 'Contact: Get', 'Tag contact': 'Contact: Change Tags' },
		'import-contacts-from-csv': { 'Create or update contacts': 'Contact: Create/Update Many' },
		'export-updated-contacts-nightly': { 'Contacts updated since yesterday': 'Contact: Get Many' },
		'ai-agent-contact-assistant': { 'Tag contact': 'Contact: Change Tags' },
	};
	for (const [example, subtitles] of Object.entries(canvases)) {
		editorTest(`example ${example} on the canvas`, async () => {
			await openWorkflow(examples[example].id);
			for (const [name, subtitle] of Object.entries(subtitles)) {
				const node = await canvasNode(name);
				assert.ok(node?.includes(subtitle), `${name}: ${JSON.stringify(node)}`);
			}
			await shot(`example-${example}`);
		});
	}

	editorTest('Send Template: the template and its parameters come from Helena, by name', async () => {
		await openWorkflow(examples['send-invoice-template-to-leads'].id);
		const node = await canvasNode('Send invoice template');
		assert.ok(node?.includes('Message: Send Template'), JSON.stringify(node));
		await openNode('Send invoice template');
		const parameters = await page.evaluate(readParameters);
		const labels = parameters.map((parameter) => parameter.label ?? 'notice');
		assert.deepEqual(labels.slice(0, 7), [
			'Credential',
			'Resource',
			'Operation',
			'Channel',
			'Phone Number',
			'Template',
			'Template Parameters',
		]);
		const chosen = await page.evaluate(() => [...document.querySelectorAll('[data-test-id="ndv"] input')].map((input) => input.value));
		assert.ok(chosen.includes('fatura'), JSON.stringify(chosen));
		await shot('send-template');
		// the Name of a parameter lists the variables the chosen template declares, read from Helena in the editor
		await element('[data-test-id="parameter-input-name"]').click();
		await settle();
		const names = await page.evaluate(readDropdown);
		assert.ok(
			['nome', 'valor'].every((name) => names.some((option) => option.startsWith(name))),
			JSON.stringify(names),
		);
		await page.keyboard.press('Escape');
		await closeNode();
	});

	editorTest('the Helena Tool of the AI example: its parameters take $fromAI()', async () => {
		await openWorkflow(examples['ai-agent-contact-assistant'].id);
		await openNode('Find contact by phone');
		const parameters = await page.evaluate(readParameters);
		const labels = parameters.map((parameter) => parameter.label ?? 'notice');

		assert.deepEqual(labels.slice(0, 5), ['Credential', 'Tool Description', 'Resource', 'Operation', 'Contact']);
		const contact = parameters[labels.indexOf('Contact')];
		assert.equal(contact.value, 'Phone');
		assert.match(contact.text, /\$fromAI\('phone'/);
		await shot('ai-tool');
		await closeNode();
	});

	editorTest('the dark theme uses the dark icon', async () => {
		await page.evaluate(() => localStorage.setItem('N8N_THEME', 'dark'));
		await openWorkflow(examples['tag-new-conversations'].id);
		const icons = await page.evaluate(() =>
			[...document.querySelectorAll('[data-test-id="canvas-node"] img')].map((image) => image.getAttribute('src')),
		);
		assert.ok(icons.length >= 3 && icons.every((src) => src.endsWith('helena.dark.svg')), icons.join(', '));
		await shot('example-tag-new-conversations-dark');
		await page.evaluate(() => localStorage.removeItem('N8N_THEME'));
	});
});
