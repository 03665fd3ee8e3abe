// The two screenshots of docs/send-and-wait.md, taken with headless Chromium (scripts/lib/browserTests.mjs):
// the message as a WhatsApp chat shows it (the text the node composes, links in the shape n8n signs them) and the
// form page a person gets from the link (the HTML the node's webhook serves). Run after `npm run build`:
//   node scripts/screenshots-send-and-wait.mjs
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { launchChromium } from './lib/browserTests.mjs';
import { packageRoot } from './lib/n8n.mjs';

const require = createRequire(import.meta.url);
const built = (file) => require(path.join(packageRoot, 'dist/nodes/Helena/actions/message', file));
const { composeMessage } = built('sendAndWait.operation.js');
const { readResponseRequest } = built('response/request.js');
const { formPage } = built('response/webhook.js');
const { escapeHtml } = built('response/page.js');

const parameters = (values) => (name, fallback) => name.split('.').reduce((value, key) => value?.[key], values) ?? fallback;

// The appointment example's question, as the person receives it.
const approval = readResponseRequest(
	parameters({
		message: 'Hi Maria! Can you confirm your appointment on Monday, 10:00?',
		approveLabel: 'Yes, I will be there',
		disapproveLabel: 'I need another time',
	}),
);
const signature = (seed) => seed.repeat(64).slice(0, 64);
const link = (extra) =>
	`https://n8n.example.com/webhook-waiting/231/5d0c7a1e-3b2f-4f6a-9c8d-1e2f3a4b5c03?${new URLSearchParams({ ...extra, to: '+55 11 99999-9999', until: '1795708255520' })}&signature=${signature(extra.approved === 'true' ? '9b0a7f' : '96126f')}`;
const text = composeMessage(approval, link);
const linked = escapeHtml(text).replace(/https?:\/\/\S+/g, (url) => `<a>${url}</a>`);
const chat = `<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body{margin:0;background:#efeae2;font-family:"Liberation Sans",Arial,sans-serif}
header{background:#008069;color:#fff;padding:14px 18px;font-size:17px;font-weight:bold}
.bubble{margin:18px 18px 0 18px;background:#fff;border-radius:0 8px 8px 8px;padding:8px 10px 6px;max-width:440px;box-shadow:0 1px .5px rgba(0,0,0,.13);white-space:pre-wrap;font-size:15px;line-height:1.4;color:#111b21;overflow-wrap:anywhere}
a{color:#027eb5;text-decoration:underline}
time{display:block;text-align:right;font-size:11px;color:#667781;margin-top:4px}
</style></head><body><header>Clínica Exemplo</header><div class="bubble">${linked}<time>09:12</time></div></body></html>`;

// The page of a Custom Form link: the fields of the example in docs/send-and-wait.md.
const form = readResponseRequest(
	parameters({
		message: 'Hi Maria! Which time suits you for your next appointment?',
		responseType: 'customForm',
		formFields: {
			values: [
				{
					fieldLabel: 'Preferred time',
					fieldType: 'dropdown',
					fieldOptions: { values: [{ option: 'Morning' }, { option: 'Afternoon' }] },
					requiredField: true,
				},
				{ fieldLabel: 'Notes', fieldType: 'textarea', placeholder: 'Anything we should know?' },
			],
		},
		responseOptions: { formTitle: 'Your next appointment', askName: true },
	}),
);

const browser = await launchChromium({ width: 520, height: 600 });
try {
	const { page } = browser;
	for (const [file, html] of [
		['send-and-wait-message.png', chat],
		['send-and-wait-form.png', formPage(form)],
	]) {
		await page.setContent(html);
		writeFileSync(path.join(packageRoot, 'docs/screenshots', file), await page.screenshot());
		console.log(`docs/screenshots/${file}`);
	}
} finally {
	await browser.close();
}
