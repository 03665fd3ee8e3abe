// Workflows `npm start` imports so a newcomer has something to run against the sandbox right away: the
// example workflows of examples/, their "Helena API" credential replaced by the sandbox credential (and the MCP
// Server Trigger's token by the demo token).
import { exampleFiles, loadExample } from './examples.mjs';
import { CREDENTIAL_ID, MCP_TOKEN_CREDENTIAL } from './workflows.mjs';

const { id, name } = MCP_TOKEN_CREDENTIAL;
export const demoWorkflows = exampleFiles().map((file) =>
	loadExample(file, { credentials: { helenaApi: { id: CREDENTIAL_ID, name: 'Helena sandbox' }, httpBearerAuth: { id, name } } }),
);

/** The example to open first: it runs with one click ("Run now"). */
export const FIRST_DEMO = demoWorkflows.find((workflow) => workflow.id === 'helenaExample003');
export const TRIGGER_DEMO = demoWorkflows.find((workflow) => workflow.id === 'helenaExample001');
/** The AI-agent examples: they need an OpenAI credential of the user's own. */
export const AI_DEMOS = demoWorkflows.filter((workflow) => workflow.nodes.some((node) => node.type.includes('lmChatOpenAi')));
