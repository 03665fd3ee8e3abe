import type { INodeProperties } from 'n8n-workflow';

import type { HelenaResource } from '../types';

export const contact: HelenaResource = {};

export const contactDescription: INodeProperties[] = [];
