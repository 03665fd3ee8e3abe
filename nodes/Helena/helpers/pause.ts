import type { IExecuteFunctions } from 'n8n-workflow';
import * as n8nWorkflow from 'n8n-workflow';

/**
 * Waits `ms` in this process, ending at once when the execution is cancelled. Built on `sleep`, the one wait every
 * supported n8n-workflow exports: `sleepWithAbort` is missing from n8n 1.85's (1.83) and from 2.x's, and an import
 * of it fails only when the node runs. A cancellation rejects as n8n's own does where n8n-workflow has that error.
 */
export async function pause(context: IExecuteFunctions, ms: number): Promise<void> {
	const signal = typeof context.getExecutionCancelSignal === 'function' ? context.getExecutionCancelSignal() : undefined;
	if (!signal) return await n8nWorkflow.sleep(ms);
	if (signal.aborted) throw cancelled();
	let onAbort = () => {};
	const aborted = new Promise<never>((_, reject) => {
		onAbort = () => reject(cancelled());
		signal.addEventListener('abort', onAbort, { once: true });
	});
	try {
		await Promise.race([n8nWorkflow.sleep(ms), aborted]);
	} finally {
		signal.removeEventListener('abort', onAbort);
	}
}

function cancelled(): Error {
	const Cancelled = (n8nWorkflow as Partial<typeof n8nWorkflow>).ManualExecutionCancelledError;
	return Cancelled ? new Cancelled('') : new Error('The execution was cancelled');
}
