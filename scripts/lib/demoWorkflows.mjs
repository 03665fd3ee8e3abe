// Workflows `npm start` imports so a newcomer has something to run against the sandbox right away: the
// example workflows of examples/, their "Helena API" credential replaced by the sandbox credential, their OpenAI
// credential by the sandbox's stand-in model, and the MCP Server Trigger's token by the demo token.
import { exampleFiles, loadExample } from './examples.mjs';
import { CREDENTIAL_ID, MCP_TOKEN_CREDENTIAL, MODEL_CREDENTIAL } from './workflows.mjs';

const DEMO_CREDENTIALS = {
	helenaApi: { id: CREDENTIAL_ID, name: 'Helena sandbox' },
	openAiApi: MODEL_CREDENTIAL,
	httpBearerAuth: { id: MCP_TOKEN_CREDENTIAL.id, name: MCP_TOKEN_CREDENTIAL.name },
};

const files = exampleFiles();
export const demoWorkflows = files.map((file) => loadExample(file, { credentials: DEMO_CREDENTIALS }));

/** The workflow `npm start` imports from examples/`file`, or an error naming the file. */
export function demoWorkflowOf(file) {
	const workflow = demoWorkflows[files.indexOf(file)];
	if (!workflow) throw new Error(`examples/${file} is gone`);
	return workflow;
}

/** The example to open first: it runs with one click ("Run now"). */
export const FIRST_DEMO = demoWorkflows.find((workflow) => workflow.id === 'helenaExample003');
export const TRIGGER_DEMO = demoWorkflows.find((workflow) => workflow.id === 'helenaExample001');
/** The AI-agent examples: their model is the sandbox's stand-in. */
export const AI_DEMOS = demoWorkflows.filter((workflow) => workflow.nodes.some((node) => node.type.includes('lmChatOpenAi')));

/**
 * What `npm start` changes in a fresh sandbox for the examples: the demo contacts date from early 2026, so three are
 * changed now, and the nightly-export example has something to export.
 */
export async function prepareSandboxForDemos(sandbox) {
	for (const contact of [...sandbox.state.contacts.values()].slice(1, 4)) {
		await fetch(`${sandbox.url}/core/v2/contact/${contact.id}`, {
			method: 'PUT',
			headers: { authorization: `Bearer ${sandbox.apiKey}`, 'content-type': 'application/json' },
			body: JSON.stringify({ fields: ['Annotation'], annotation: 'Changed by npm start for the demo' }),
		});
	}
}
