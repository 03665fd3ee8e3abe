import type { IExecuteFunctions, INodeExecutionData, INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { accountDescription } from './actions/account';
import { cardDescription } from './actions/card';
import { contactDescription } from './actions/contact';
import { departmentDescription } from './actions/department';
import { messageDescription } from './actions/message';
import { panelDescription } from './actions/panel';
import { portfolioDescription } from './actions/portfolio';
import { scheduledMessageDescription } from './actions/scheduledMessage';
import { sequenceDescription } from './actions/sequence';
import { sessionDescription } from './actions/session';
import { tagDescription } from './actions/tag';
import { respondToLink, responseWebhooks } from './actions/message/response/webhook';
import { router } from './actions/router';
import { errorsAsShown, failedItem, withItemIndex, withoutApiKey } from './helpers';
import { credentialApiKey, tellSendOutcome } from './transport';
import { operationSubtitle } from './helpers/subtitle';
import { userDescription } from './actions/user';
import { webhookDescription } from './actions/webhook';
import { listSearch, loadOptions } from './methods';

const properties: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Account', value: 'account' },
			{ name: 'Card (CRM)', value: 'card' },
			{ name: 'Contact', value: 'contact' },
			{ name: 'Conversation (Session)', value: 'session' },
			{ name: 'Department (Team)', value: 'department' },
			{ name: 'Message', value: 'message' },
			{ name: 'Panel (CRM)', value: 'panel' },
			{ name: 'Portfolio', value: 'portfolio' },
			{ name: 'Scheduled Message', value: 'scheduledMessage' },
			{ name: 'Sequence', value: 'sequence' },
			{ name: 'Tag', value: 'tag' },
			{ name: 'User (Agent)', value: 'user' },
			{ name: 'Webhook', value: 'webhook' },
		],
		default: 'contact',
	},
	...accountDescription,
	...cardDescription,
	...contactDescription,
	...departmentDescription,
	...messageDescription,
	...panelDescription,
	...portfolioDescription,
	...scheduledMessageDescription,
	...sequenceDescription,
	...sessionDescription,
	...tagDescription,
	...userDescription,
	...webhookDescription,
];

export class Helena implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Helena',
		name: 'helena',
		icon: { light: 'file:helena.svg', dark: 'file:helena.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: operationSubtitle(properties),
		description:
			'Send messages and templates, answer conversations, manage contacts, tags, sequences, portfolios, CRM cards, teams, users and webhooks in Helena (WTS Chat)',
		defaults: { name: 'Helena' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'helenaApi', required: true }],
		webhooks: responseWebhooks,
		waitingNodeTooltip:
			'={{ $parameter["operation"] === "sendAndWait" ? "The workflow continues when the person answers or the time limit passes" : "" }}',
		properties,
	};

	methods = { listSearch, loadOptions };

	webhook = respondToLink;

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		// Continue On Fail, for every item loop of the operations (runPerItem, the batch operations): a failed
		// item comes out as its error, paired to it, and the other items go on; without it the failed item
		// stops the node, its error naming the item.
		const continueOnFail = this.continueOnFail();
		// A value mapped into a field may hold the API key: no error or item leaves the node with it; in a
		// tool run (AI Agent, MCP client) no error names an item (docs/reliability.md). A send's error says whether
		// the message went, for the person reading it and for an AI Agent's model.
		const apiKey = await credentialApiKey(this);
		const asShown = errorsAsShown(this, apiKey);
		try {
			const output = await router.call(this, {
				continueOnFail,
				failed: (error, itemIndex) => {
					if (continueOnFail) return failedItem(asShown(tellSendOutcome(error)), itemIndex);
					throw asShown(withItemIndex(this, tellSendOutcome(error), itemIndex));
				},
			});
			for (const items of output) for (const item of items) item.json = withoutApiKey(item.json, apiKey);
			return output;
		} catch (error) {
			throw asShown(error);
		}
	}
}
