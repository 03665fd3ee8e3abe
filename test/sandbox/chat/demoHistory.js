'use strict';

/**
 * The history of the three demo conversations: messages both ways, a template, a document and an image in each,
 * and an answered Send and Wait question in Maria's, dated in the past on the sandbox's clock. Each message is
 * stored by the functions that store a message sent through the API or written by the contact (messages.js),
 * then dated and moved on to its final status as advanceMessage would have; its file is a chat store file
 * served by the media origin, as an upload's is. So Get Messages and Download Media read them as any other.
 */

const zlib = require('node:zlib');

const { stableId } = require('../ids');
const clock = require('../clock');

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Where the demo's answered question links: a page of the sandbox (page/answered.js). */
const ANSWERED_PATH = '/__sandbox/page/answered';
/** The sandbox's address when the history is written before it listens: the port `npm start` gives it. */
const DEFAULT_ORIGIN = 'http://127.0.0.1:5681';
/** The answer Maria gave, the first of the question's. */
const ANSWER_GIVEN = 0;

/**
 * A Send and Wait question as the node composes it (the question, a blank line, one "Label: link" line per answer).
 * It was answered long ago, by an n8n execution that is over: its links open a page of the sandbox that says so
 * (an n8n link would open n8n's "execution does not exist" error), each naming the answer it stands for.
 */
function askedAndAnswered(state, question, labels) {
	const link = (label) => `${state.origin ?? DEFAULT_ORIGIN}${ANSWERED_PATH}?answer=${encodeURIComponent(label)}`;
	return `${question}\n\n${labels.map((label) => `${label}: ${link(label)}`).join('\n')}`;
}

/**
 * The plan of one conversation, oldest first. `ago`: ms before now; `from`: 'contact', 'api' (a workflow's
 * send) or 'agent' (the conversation's agent typing in Helena); `template`: name and parameters; `file`: a
 * file of FILES. Status of the team's messages: READ, unless `status` says otherwise.
 * @typedef {{ ago: number, from: 'contact'|'api'|'agent', text?: string | ((state: any) => string), template?: [string, Record<string, string>], file?: string, status?: string }} Step
 */

/**
 * @type {Record<string, Step[]>} by contact name; the contact's last message opened the WhatsApp window (or left it
 * closed). `text` may be a function of the state.
 */
const PLANS = {
	'Maria Silva': [
		{ ago: 26 * HOUR, from: 'api', template: ['boas_vindas', { nome: 'Maria' }] },
		{ ago: 25 * HOUR + 50 * MINUTE, from: 'contact', text: 'Oi! Quero conhecer o Plano Pro. Vocês têm algum material?' },
		{ ago: 25 * HOUR + 44 * MINUTE, from: 'agent', text: 'Claro, Maria! Segue a apresentação do Plano Pro.', file: 'plano-pro.pdf' },
		{ ago: 25 * HOUR + 30 * MINUTE, from: 'contact', text: 'Obrigada! Dá para agendar uma demonstração?' },
		{
			ago: 25 * HOUR + 28 * MINUTE,
			from: 'api',
			text: (state) =>
				askedAndAnswered(state, 'Olá Maria! Pode confirmar a demonstração na segunda-feira às 10:00?', ['Confirmar', 'Outro horário']),
		},
		{ ago: 25 * HOUR + 20 * MINUTE, from: 'api', text: 'Ótimo, demonstração confirmada para segunda-feira às 10:00. Até lá!' },
		{ ago: 62 * MINUTE, from: 'contact', text: 'Segue o print do pedido que fiz no site.', file: 'print-do-pedido.png' },
		{ ago: 60 * MINUTE, from: 'contact', text: 'Consegue ver se ele já foi aprovado?' },
	],
	'Ana Oliveira': [
		{ ago: 3 * HOUR, from: 'api', template: ['fatura', { nome: 'Ana', valor: 'R$ 189,90' }], file: 'fatura.pdf' },
		{ ago: 2 * HOUR + 48 * MINUTE, from: 'contact', text: 'Oi, recebi a fatura, mas o valor está diferente do combinado.' },
		{ ago: 2 * HOUR + 47 * MINUTE, from: 'api', text: 'Recebemos sua mensagem! Um atendente do Suporte vai responder em breve.' },
		{ ago: 12 * MINUTE, from: 'contact', text: 'Segue o comprovante do pagamento do mês passado.', file: 'comprovante.png' },
		{ ago: 10 * MINUTE, from: 'contact', text: 'Podem verificar, por favor?' },
	],
	'João Santos': [
		{ ago: 3 * DAY + 2 * HOUR, from: 'api', template: ['boas_vindas', { nome: 'João' }] },
		{ ago: 3 * DAY + 110 * MINUTE, from: 'contact', text: 'Oi! Vocês entregam em Campinas?' },
		{ ago: 3 * DAY + 104 * MINUTE, from: 'agent', text: 'Entregamos, sim! O frete para Campinas sai por R$ 25,00.' },
		{ ago: 3 * DAY + 100 * MINUTE, from: 'api', template: ['promocao', {}], file: 'promocao.png' },
		{ ago: 3 * DAY + 40 * MINUTE, from: 'agent', text: 'E aqui está o nosso catálogo completo.', file: 'catalogo.pdf' },
		{ ago: 3 * DAY, from: 'contact', text: 'Perfeito, obrigado!' },
	],
};

/** The files of the history: name -> [MIME type, lines drawn or written in it]. */
const FILES = {
	'plano-pro.pdf': ['application/pdf', ['Plano Pro', 'Atendimento em todos os canais, CRM e automações.']],
	'fatura.pdf': ['application/pdf', ['Fatura', 'Valor: R$ 189,90']],
	'catalogo.pdf': ['application/pdf', ['Catálogo', 'Produtos e preços da loja.']],
	'print-do-pedido.png': ['image/png', [0x2f80ed]],
	'comprovante.png': ['image/png', [0x27ae60]],
	'promocao.png': ['image/png', [0xeb5757]],
};

/** A one-page PDF with these lines of text (Helvetica, Latin-1). */
function pdfOf(lines) {
	const text = lines
		.map((line, i) => `BT /F1 ${i === 0 ? 24 : 14} Tf 60 ${760 - i * 40} Td (${line.replace(/[()\\]/g, '\\$&')}) Tj ET`)
		.join('\n');
	const objects = [
		'<< /Type /Catalog /Pages 2 0 R >>',
		'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
		'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
		`<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
		'<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
	];
	let body = '%PDF-1.4\n';
	const offsets = objects.map((object, i) => {
		const offset = Buffer.byteLength(body, 'latin1');
		body += `${i + 1} 0 obj\n${object}\nendobj\n`;
		return offset;
	});
	const xref = Buffer.byteLength(body, 'latin1');
	body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
	body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
	return Buffer.from(body, 'latin1');
}

/** A 320×200 PNG: a white card with a band of `color` across its top. */
function pngOf([color]) {
	const [width, height] = [320, 200];
	const rgb = [(color >> 16) & 0xff, (color >> 8) & 0xff, color & 0xff];
	const stride = 1 + width * 3;
	const pixels = Buffer.alloc(stride * height); // each row: filter byte 0, then RGB
	for (let y = 0; y < height; y++) {
		const pixel = y < 56 ? rgb : y % 24 === 0 && y > 80 ? [0xdd, 0xdd, 0xdd] : [0xff, 0xff, 0xff];
		for (let x = 0; x < width; x++) pixels.set(pixel, y * stride + 1 + x * 3);
	}
	const chunk = (type, data) => {
		const length = Buffer.alloc(4);
		length.writeUInt32BE(data.length);
		const crc = Buffer.alloc(4);
		crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type), data])));
		return Buffer.concat([length, Buffer.from(type), data, crc]);
	};
	const header = Buffer.alloc(13);
	header.writeUInt32BE(width, 0);
	header.writeUInt32BE(height, 4);
	header.set([8, 2, 0, 0, 0], 8);
	return Buffer.concat([
		Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		chunk('IHDR', header),
		chunk('IDAT', zlib.deflateSync(pixels)),
		chunk('IEND', Buffer.alloc(0)),
	]);
}

/** Each history file's bytes, made once: every reset of the demo stores them again. */
const made = new Map();
const bytesOf = (name) => {
	const [mimeType, content] = FILES[name];
	if (!made.has(name)) made.set(name, mimeType === 'application/pdf' ? pdfOf(content) : pngOf(content));
	return Buffer.from(made.get(name)); // a copy per store, so nothing written into one reaches the next
};

/** Stores a history file in the chat store, as an upload or a received file is stored (receivedMedia.js). */
function storeFile(state, chat, name) {
	const [mimeType] = FILES[name];
	const bytes = bytesOf(name);
	const id = stableId('demo-file', name);
	const file = {
		id,
		mimeType,
		size: bytes.length,
		bytes,
		seed: id,
		chunked: false,
		public: {
			id,
			companyId: state.companyId,
			name,
			extension: name.split('.').pop(),
			mimeType,
			type: mimeType === 'application/pdf' ? 'PDF' : 'IMAGE',
			size: bytes.length,
		},
	};
	chat.files.set(id, file);
	return file;
}

/**
 * Writes the history of each demo conversation into the chat store, and dates the conversation by it.
 * @param {import('../state').SandboxState} state
 * @param {any} chat the chat store (store.js)
 * @param {{ session: any, contact: any, channel: any }[]} conversations
 */
function seedHistory(state, chat, conversations) {
	// required here: messages.js requires store.js, which calls this while it builds the chat store
	const { recordInbound, recordOutgoing } = require('./messages');
	const now = clock.now();
	const iso = (ms) => new Date(ms).toISOString();
	for (const target of conversations) {
		const plan = PLANS[target.contact.name];
		if (!plan) continue;
		const { session } = target;
		const user = session.userId ? state.users.get(session.userId) : undefined;
		for (const [index, step] of plan.entries()) {
			const at = now - step.ago;
			const file = step.file ? storeFile(state, chat, step.file) : undefined;
			const template = step.template ? chat.templates.get(stableId('template', step.template[0])) : undefined;
			const written = typeof step.text === 'function' ? step.text(state) : step.text;
			const text = template ? template.text.replace(/\{\{(\w+)\}\}/g, (_, name) => step.template[1][name] ?? '') : (written ?? null);
			const type = file ? (file.public.type === 'PDF' ? 'DOCUMENT' : 'IMAGE') : 'TEXT';
			const fields = {
				type,
				fileId: file?.id ?? null,
				details: { file: file ?? null, errors: [] },
				templateId: template?.id ?? null,
			};
			let message;
			if (step.from === 'contact') {
				message = recordInbound(state, target, text, fields);
				Object.assign(message, { createdAt: iso(at), updatedAt: iso(at), timestamp: iso(at) });
				chat.lastInbound.set(`${target.contact.id}:${target.channel.id}`, iso(at));
			} else {
				message = recordOutgoing(state, target, {
					...fields,
					text,
					...(step.from === 'agent' ? { origin: 'DEFAULT', userId: user?.id ?? null } : {}),
				});
				// each step advanceMessage would have taken, a few seconds apart; read when the contact next wrote (or a few minutes later)
				const nextFromContact = plan.slice(index + 1).find((later) => later.from === 'contact');
				const read = nextFromContact ? now - nextFromContact.ago - 30_000 : Math.min(at + 4 * MINUTE, now - 5_000);
				Object.assign(message, {
					createdAt: iso(at),
					timestamp: iso(at),
					status: 'READ',
					sentAt: iso(at + 2_000),
					readContactAt: iso(read),
					updatedAt: iso(read),
				});
			}
			Object.assign(session, { lastMessageText: message.text, lastInteractionDate: iso(at), updatedAt: iso(at) });
		}
	}
}

/** How long ago the history of this demo contact's conversation began. */
function historyBegan(contactName) {
	return PLANS[contactName]?.[0].ago ?? 0;
}

module.exports = { seedHistory, historyBegan, ANSWERED_PATH, ANSWER_GIVEN };
