import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { startSandbox } from '../sandbox';
import type { HelenaCredentialData } from './credentialsHelper';
import type { NodeRun } from './runNode';
import { runNode } from './runNode';

export type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
export type SandboxOptions = Parameters<typeof startSandbox>[0];
export type LoggedRequest = Sandbox['requests'][number];

export const TEST_API_KEY = 'test-key-5f2c9a';

export interface SandboxFixture {
	sandbox: Sandbox;
	credentials: HelenaCredentialData;
	/** Runs the Helena node with these parameters against the sandbox. */
	run(
		parameters: INodeParameters,
		options?: {
			items?: IDataObject[];
			inputItems?: INodeExecutionData[];
			continueOnFail?: boolean;
			credentials?: Partial<HelenaCredentialData>;
		},
	): Promise<NodeRun>;
	/** The API requests (under /core) the sandbox received since the last `sandbox.clearRequests()`. */
	apiRequests(): LoggedRequest[];
	/** The demo data again, with empty request and delivery logs (for a `beforeEach`). */
	resetToDemo(): void;
	/** A webhook subscription made outside n8n, straight through the API; resolves with its id. */
	createSubscriptionByHand(body: Record<string, unknown>): Promise<string>;
}

/** Starts one sandbox for the test file, on a free port, and stops it afterwards. */
export function useSandbox(options: SandboxOptions = {}): SandboxFixture {
	const fixture = {
		apiRequests: () => fixture.sandbox.requests.filter((request) => request.path.startsWith('/core')),
		resetToDemo: () => {
			fixture.sandbox.reset('demo');
			fixture.sandbox.clearRequests();
			fixture.sandbox.deliveries.length = 0;
		},
		createSubscriptionByHand: async (body) => {
			const response = await fetch(`${fixture.sandbox.url}/core/v1/webhook/subscription`, {
				method: 'POST',
				headers: { authorization: `Bearer ${fixture.credentials.apiKey}`, 'content-type': 'application/json' },
				body: JSON.stringify({ name: 'By hand', events: ['SESSION_NEW'], ...body }),
			});
			expect(response.status).toBe(200);
			return ((await response.json()) as { id: string }).id;
		},
		run: async (parameters, runOptions = {}) =>
			await runNode({
				credentials: { ...fixture.credentials, ...runOptions.credentials },
				parameters,
				items: runOptions.items,
				inputItems: runOptions.inputItems,
				continueOnFail: runOptions.continueOnFail,
			}),
	} as SandboxFixture;
	beforeAll(async () => {
		fixture.sandbox = await startSandbox({ port: 0, apiKey: TEST_API_KEY, ...options });
		fixture.credentials = { baseUrl: fixture.sandbox.url, apiKey: TEST_API_KEY };
	});
	afterAll(async () => await fixture.sandbox?.close());
	return fixture;
}
