import type { INodeProperties } from 'n8n-workflow';

import type { HelenaResource } from '../types';

export const department: HelenaResource = {};

export const departmentDescription: INodeProperties[] = [];
