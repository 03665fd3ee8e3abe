import type { ICredentialType, INodeType, INodeTypes, IVersionedNodeType } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { HelenaApi } from '../../credentials/HelenaApi.credentials';
import { Helena } from '../../nodes/Helena/Helena.node';
import { HelenaCardTrigger } from '../../nodes/HelenaCardTrigger/HelenaCardTrigger.node';
import { HelenaContactTrigger } from '../../nodes/HelenaContactTrigger/HelenaContactTrigger.node';
import { HelenaConversationTrigger } from '../../nodes/HelenaConversationTrigger/HelenaConversationTrigger.node';
import { HelenaTrigger } from '../../nodes/HelenaTrigger/HelenaTrigger.node';

/** Type names as n8n gives them to an installed community package. */
export const HELENA_NODE = 'n8n-nodes-helena.helena';
export const HELENA_TRIGGER_NODE = 'n8n-nodes-helena.helenaTrigger';
export const HELENA_CONTACT_TRIGGER_NODE = 'n8n-nodes-helena.helenaContactTrigger';
export const HELENA_CONVERSATION_TRIGGER_NODE = 'n8n-nodes-helena.helenaConversationTrigger';
export const HELENA_CARD_TRIGGER_NODE = 'n8n-nodes-helena.helenaCardTrigger';

const nodes: Record<string, INodeType> = {
	[HELENA_NODE]: new Helena(),
	[HELENA_TRIGGER_NODE]: new HelenaTrigger(),
	[HELENA_CONTACT_TRIGGER_NODE]: new HelenaContactTrigger(),
	[HELENA_CONVERSATION_TRIGGER_NODE]: new HelenaConversationTrigger(),
	[HELENA_CARD_TRIGGER_NODE]: new HelenaCardTrigger(),
};

export const credentialTypes: Record<string, ICredentialType> = {
	helenaApi: new HelenaApi(),
};

/** The node registry the engine sees: our nodes, nothing else. */
export const nodeTypes: INodeTypes = {
	getByName(type: string): INodeType | IVersionedNodeType {
		return nodes[type];
	},
	getByNameAndVersion(type: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(nodes[type], version);
	},
	getKnownTypes() {
		return {};
	},
};
