import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	IHttpRequestOptions,
	INode,
	INodeProperties,
	IRequestOptionsSimplified,
	Workflow,
} from 'n8n-workflow';
import { ICredentialsHelper } from 'n8n-workflow';

import { credentialTypes } from './nodeTypes';

export interface HelenaCredentialData {
	baseUrl: string;
	apiKey: string;
	authorizationFormat?: 'bearer' | 'raw';
	/** Seconds one request waits for an answer (the credential's Timeout). */
	timeout?: number;
	requestPacing?: 'vendorLimits' | 'off';
}

/**
 * Serves the test credential and applies the credential type's own `authenticate` the way n8n's
 * CredentialsHelper does: generic properties are expressions resolved against `$credentials`.
 */
export class TestCredentialsHelper extends ICredentialsHelper {
	constructor(private readonly data: HelenaCredentialData) {
		super();
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow: Workflow,
		node: INode,
	): Promise<IHttpRequestOptions> {
		const options = requestOptions as IHttpRequestOptions & Record<string, Record<string, unknown>>;
		const authenticate = credentialTypes[typeName]?.authenticate;
		if (typeof authenticate === 'function') return await authenticate(credentials, options);
		if (authenticate?.type !== 'generic') return options;
		const resolve = (value: unknown) =>
			typeof value === 'string' && value.startsWith('=')
				? workflow.expression.getSimpleParameterValue(node, value, 'internal', { $credentials: credentials }, undefined, '')
				: value;
		for (const [target, values] of Object.entries(authenticate.properties)) {
			options[target] = { ...(options[target] ?? {}) };
			for (const [key, value] of Object.entries(values as Record<string, unknown>)) {
				options[target][String(resolve(key))] = resolve(value);
			}
		}
		return options;
	}

	async getDecrypted(): Promise<ICredentialDataDecryptedObject> {
		return { authorizationFormat: 'bearer', ...this.data } as ICredentialDataDecryptedObject;
	}

	getParentTypes(): string[] {
		return [];
	}

	async preAuthentication(): Promise<undefined> {
		return undefined;
	}

	async getCredentials(): Promise<ICredentials> {
		throw new Error('not used by these tests');
	}

	async updateCredentials(): Promise<void> {}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties(type: string): INodeProperties[] {
		return credentialTypes[type]?.properties ?? [];
	}
}
