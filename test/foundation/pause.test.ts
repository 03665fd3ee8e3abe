import type { IExecuteFunctions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { pause } from '../../nodes/Helena/helpers/pause';

const contextWith = (signal?: AbortSignal) =>
	({ getExecutionCancelSignal: signal ? () => signal : undefined }) as unknown as IExecuteFunctions;

describe('pause: the in-process wait of Collect Burst', () => {
	it('waits the time given', async () => {
		const started = performance.now();
		await pause(contextWith(new AbortController().signal), 120);
		expect(performance.now() - started).toBeGreaterThanOrEqual(100);
	});

	it('ends at once when the execution is cancelled during the wait', async () => {
		const controller = new AbortController();
		const started = performance.now();
		void sleep(50).then(() => controller.abort());
		await expect(pause(contextWith(controller.signal), 10_000)).rejects.toThrow();
		expect(performance.now() - started).toBeLessThan(2_000);
	});

	it('waits on an n8n without a cancel signal (1.85)', async () => {
		await expect(pause(contextWith(), 20)).resolves.toBeUndefined();
	});
});
