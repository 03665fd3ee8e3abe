import type { IExecuteFunctions } from 'n8n-workflow';
import * as n8nWorkflow from 'n8n-workflow';

/**
 * Waits `ms` in this process, ending at once when the execution is cancelled where n8n can say so. `sleepWithAbort`
 * and the cancel signal came after n8n 1.85, the oldest n8n this package supports (docs/compatibility.md); there the
 * wait is n8n-workflow's plain `sleep`.
 */
export async function pause(context: IExecuteFunctions, ms: number): Promise<void> {
	const abortable = (n8nWorkflow as Partial<typeof n8nWorkflow>).sleepWithAbort;
	const signal = typeof context.getExecutionCancelSignal === 'function' ? context.getExecutionCancelSignal() : undefined;
	if (typeof abortable === 'function') await abortable(ms, signal);
	else await n8nWorkflow.sleep(ms);
}
