import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { PollingTrigger } from '../engine/runPoll';
import { POLLING_TRIGGERS } from '../engine/runPoll';
import { helenaUser, useContactStory } from '../contactTrigger/contactChanges';
import { chatUsers, crmUsers, customerPhone, SALES } from './story';
import { demo } from '../sandbox';

/* Each polling trigger as the tests that try every kind see it: its parameters, its list, and a new record in it. */

export type SandboxFixture = ReturnType<typeof useContactStory>['helena'];

export interface PolledKind {
	trigger: PollingTrigger;
	parameters: INodeParameters;
	/** The list the trigger polls, as the sandbox logs its path. */
	path: string;
	/** Someone makes one new record, named `label`; resolves when Helena has it. */
	makes(fixture: SandboxFixture, label: string): Promise<void>;
	/** The label of an output item. */
	labelOf(json: IDataObject): string;
}

let phones = 0;
export const POLLED_KINDS: Record<'contact' | 'conversation' | 'card', PolledKind> = {
	contact: {
		trigger: POLLING_TRIGGERS.contact,
		parameters: { events: ['contactCreated', 'contactUpdated'] },
		path: '/core/v1/contact',
		makes: async (fixture, label) => void (await helenaUser(fixture).create(label)),
		labelOf: (json) => String(json.name),
	},
	conversation: {
		trigger: POLLING_TRIGGERS.conversation,
		parameters: { events: ['conversationCreated', 'conversationUpdated', 'conversationCompleted'] },
		path: '/chat/v2/session',
		// a customer who has never written opens a conversation, saying who they are
		makes: async (fixture, label) => void chatUsers(fixture).writes(customerPhone(++phones), label),
		labelOf: (json) => String((json.contactDetails as IDataObject | null)?.phonenumber ?? ''),
	},
	card: {
		trigger: POLLING_TRIGGERS.card,
		parameters: {
			panel: { mode: 'list', value: demo.panelId(SALES) },
			events: ['cardCreated', 'cardUpdated', 'cardMoved', 'cardWon', 'cardLost'],
		},
		path: '/crm/v2/panel/card',
		makes: async (fixture, label) => void (await crmUsers(fixture).create(label)),
		labelOf: (json) => String(json.title),
	},
};
