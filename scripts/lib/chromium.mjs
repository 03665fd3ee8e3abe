// Headless Chromium driven over the DevTools protocol: just enough to open n8n's editor, click, type and
// take screenshots. The WebSocket comes from undici (a devDependency), so no browser-automation package is
// needed; the browser is Debian's `chromium` (apt-get install chromium fonts-liberation).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { WebSocket } from 'undici';

export const CHROMIUM = process.env.HELENA_CHROMIUM ?? '/usr/bin/chromium';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One DevTools session on a page: `send(method, params)` and `once(event)`. */
class Session {
	constructor(socket) {
		this.socket = socket;
		this.nextId = 1;
		this.pending = new Map();
		this.listeners = new Map();
		socket.addEventListener('close', () => {
			for (const { reject, method } of this.pending.values()) reject(new Error(`${method}: Chromium closed the connection`));
			this.pending.clear();
		});
		socket.addEventListener('message', (event) => {
			const message = JSON.parse(String(event.data));
			if (message.id && this.pending.has(message.id)) {
				const { resolve, reject, method } = this.pending.get(message.id);
				this.pending.delete(message.id);
				if (message.error) reject(new Error(`${method}: ${message.error.message}`));
				else resolve(message.result);
			} else if (message.method) {
				for (const listener of this.listeners.get(message.method) ?? []) listener(message.params);
			}
		});
	}

	/** A DevTools command; fails after `timeoutMs` rather than hang (a page blocked by a dialog answers nothing). */
	send(method, params = {}, { timeoutMs = 60_000 } = {}) {
		const id = this.nextId++;
		return new Promise((resolve, reject) => {
			const timer = setTimeout(() => {
				this.pending.delete(id);
				reject(new Error(`${method}: no answer from Chromium within ${timeoutMs / 1000}s`));
			}, timeoutMs);
			const settle = (callback) => (value) => {
				clearTimeout(timer);
				callback(value);
			};
			this.pending.set(id, { resolve: settle(resolve), reject: settle(reject), method });
			this.socket.send(JSON.stringify({ id, method, params }));
		});
	}

	on(method, listener) {
		if (!this.listeners.has(method)) this.listeners.set(method, []);
		this.listeners.get(method).push(listener);
	}
}

/** A page of a headless Chromium: navigate, evaluate, wait for, click, type, screenshot. */
export class Page {
	constructor(session, { width, height }) {
		this.session = session;
		this.width = width;
		this.height = height;
		this.consoleErrors = [];
		session.on('Runtime.exceptionThrown', ({ exceptionDetails }) =>
			this.consoleErrors.push(exceptionDetails.exception?.description ?? exceptionDetails.text),
		);
		// "Leave site? Changes you made may not be saved": leave, as a test that navigates on means to
		session.on('Page.javascriptDialogOpening', () => {
			this.session.send('Page.handleJavaScriptDialog', { accept: true }).catch(() => {});
		});
	}

	async setup({ cookies = [] } = {}) {
		await this.session.send('Page.enable');
		await this.session.send('Runtime.enable');
		await this.session.send('Network.enable');
		await this.session.send('Emulation.setDeviceMetricsOverride', {
			width: this.width,
			height: this.height,
			deviceScaleFactor: 1,
			mobile: false,
		});
		for (const cookie of cookies) await this.session.send('Network.setCookie', cookie);
	}

	async goto(url) {
		await this.session.send('Page.navigate', { url });
	}

	/** Runs `expression` (a function body's source or an expression) in the page; returns its value. */
	async evaluate(fn, ...args) {
		const expression = `(${fn.toString()})(...${JSON.stringify(args)})`;
		const { result, exceptionDetails } = await this.session.send('Runtime.evaluate', {
			expression,
			awaitPromise: true,
			returnByValue: true,
		});
		if (exceptionDetails) throw new Error(`In the page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
		return result.value;
	}

	/** Polls `fn` in the page until it returns something truthy. */
	async waitFor(fn, args = [], { timeoutMs = 60_000, what = fn.toString() } = {}) {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const value = await this.evaluate(fn, ...args).catch(() => undefined);
			if (value) return value;
			if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs / 1000}s waiting for ${what}`);
			await sleep(250);
		}
	}

	/**
	 * Waits for a visible element matching `selector` (and containing `text`), scrolled into view; returns its box centre.
	 * `last` picks the last such element instead of the first.
	 */
	async waitForElement(selector, { text, timeoutMs, last = false } = {}) {
		return await this.waitFor(
			(selector, text, last) => {
				const matches = [...document.querySelectorAll(selector)].filter(
					(candidate) => candidate.getClientRects().length && (!text || candidate.textContent.includes(text)),
				);
				const element = last ? matches.at(-1) : matches[0];
				if (!element) return undefined;
				// an element below the fold (a long list) is scrolled to first: a click lands where it is on screen
				const { top, bottom } = element.getBoundingClientRect();
				if (top < 0 || bottom > window.innerHeight) element.scrollIntoView({ block: 'center' });
				const box = element.getBoundingClientRect();
				return { x: box.x + box.width / 2, y: box.y + box.height / 2, width: box.width, height: box.height };
			},
			[selector, text, last],
			{ timeoutMs, what: `${selector}${text ? ` with "${text}"` : ''}` },
		);
	}

	async click({ x, y }, { clickCount = 1 } = {}) {
		await this.session.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y });
		for (let count = 1; count <= clickCount; count++) {
			await this.session.send('Input.dispatchMouseEvent', { type: 'mousePressed', x, y, button: 'left', clickCount: count });
			await this.session.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x, y, button: 'left', clickCount: count });
		}
	}

	/** Clicks the element once it has stopped moving (menus and panels slide in; a moving target is missed). */
	async clickElement(selector, options = {}) {
		let box = await this.waitForElement(selector, options);
		for (let attempt = 0; attempt < 20; attempt++) {
			await sleep(150);
			const now = await this.waitForElement(selector, options);
			const still = now.x === box.x && now.y === box.y && now.width === box.width && now.height === box.height;
			box = now;
			if (still) break;
		}
		await this.click(box, options);
		return box;
	}

	async type(text) {
		await this.session.send('Input.insertText', { text });
	}

	async press(key, code = key) {
		await this.session.send('Input.dispatchKeyEvent', { type: 'keyDown', key, code });
		await this.session.send('Input.dispatchKeyEvent', { type: 'keyUp', key, code });
	}

	/** A PNG of the viewport as a Buffer. */
	async screenshot() {
		const { data } = await this.session.send('Page.captureScreenshot', { format: 'png' });
		return Buffer.from(data, 'base64');
	}
}

/** Starts headless Chromium; `close()` kills it and removes its profile. */
export async function launchChromium({ width = 1280, height = 800 } = {}) {
	if (!existsSync(CHROMIUM)) {
		throw new Error(`${CHROMIUM} not found: apt-get install -y --no-install-recommends chromium fonts-liberation`);
	}
	const profile = mkdtempSync(path.join(tmpdir(), 'helena-chromium-'));
	const child = spawn(
		CHROMIUM,
		[
			'--headless',
			'--no-sandbox',
			'--disable-gpu',
			'--disable-dev-shm-usage',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
			'--no-first-run',
			'--hide-scrollbars',
			'--disable-crash-reporter',
			'--disable-breakpad',
			'--remote-debugging-port=0',
			`--user-data-dir=${profile}`,
			`--window-size=${width},${height}`,
			'about:blank',
		],
		// its own process group, so that closing it also ends its helper processes
		{ stdio: ['ignore', 'ignore', 'pipe'], detached: true },
	);
	let stderr = '';
	child.stderr.on('data', (chunk) => (stderr += chunk));
	const exited = new Promise((resolve) => child.once('exit', resolve));
	const close = async () => {
		if (child.exitCode === null) {
			try {
				process.kill(-child.pid, 'SIGTERM');
			} catch {
				// already gone
			}
			await Promise.race([exited, sleep(5000)]);
		}
		try {
			process.kill(-child.pid, 'SIGKILL');
		} catch {
			// the whole group has exited
		}
		// helper processes may still be flushing into the profile for a moment
		for (let attempt = 0; ; attempt++) {
			try {
				rmSync(profile, { recursive: true, force: true });
				return;
			} catch (error) {
				if (attempt >= 20) throw error;
				await sleep(250);
			}
		}
	};
	try {
		const portFile = path.join(profile, 'DevToolsActivePort');
		const deadline = Date.now() + 30_000;
		while (!existsSync(portFile) || !readFileSync(portFile, 'utf8').includes('\n')) {
			if (child.exitCode !== null) throw new Error(`chromium exited with ${child.exitCode}:\n${stderr.slice(-2000)}`);
			if (Date.now() > deadline) throw new Error(`chromium did not open its DevTools port:\n${stderr.slice(-2000)}`);
			await sleep(100);
		}
		const port = readFileSync(portFile, 'utf8').split('\n')[0];
		const targets = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
		const target = targets.find((candidate) => candidate.type === 'page');
		const socket = new WebSocket(target.webSocketDebuggerUrl);
		await new Promise((resolve, reject) => {
			socket.addEventListener('open', resolve, { once: true });
			socket.addEventListener('error', reject, { once: true });
		});
		const page = new Page(new Session(socket), { width, height });
		return {
			page,
			close: async () => {
				socket.close();
				await close();
			},
		};
	} catch (error) {
		await close();
		throw error;
	}
}
