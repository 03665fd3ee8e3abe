import type { IWorkflowExecuteAdditionalData } from 'n8n-workflow';
import { ExecutionLifecycleHooks } from 'n8n-core';

import type { HelenaCredentialData } from './credentialsHelper';
import { TestCredentialsHelper } from './credentialsHelper';

export const WEBHOOK_BASE_URL = 'http://127.0.0.1:5678/webhook';

function notUsed(what: string) {
	return () => {
		throw new Error(`${what} is not available in these tests`);
	};
}

/** What n8n's server passes to the engine, reduced to what our nodes touch. */
export function additionalDataFor(credentials: HelenaCredentialData, hooks: ExecutionLifecycleHooks): IWorkflowExecuteAdditionalData {
	return {
		credentialsHelper: new TestCredentialsHelper(credentials),
		hooks,
		executeWorkflow: notUsed('executeWorkflow'),
		getRunExecutionData: async () => undefined,
		currentNodeExecutionIndex: 0,
		executionId: 'engine-test-run',
		restApiUrl: 'http://127.0.0.1:5678/rest',
		instanceBaseUrl: 'http://127.0.0.1:5678/',
		formWaitingBaseUrl: 'http://127.0.0.1:5678/form-waiting',
		webhookBaseUrl: WEBHOOK_BASE_URL,
		webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1:5678/webhook-test',
		variables: {},
		logAiEvent: () => {},
		startRunnerTask: notUsed('startRunnerTask'),
	} as unknown as IWorkflowExecuteAdditionalData;
}
