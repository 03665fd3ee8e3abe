import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

/** One operation file: its parameters (already wrapped in display options) and its execute. */
export interface HelenaOperation {
	description: INodeProperties[];
	execute(this: IExecuteFunctions): Promise<INodeExecutionData[]>;
}

/** A resource's handlers, by operation value. */
export type HelenaResource = Record<string, HelenaOperation>;
