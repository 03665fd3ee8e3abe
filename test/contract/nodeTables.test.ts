import { FORMATTED_FIELDS } from '../../nodes/Helena/transport/fieldFormats';
import { DOCUMENTED_PATHS } from '../../nodes/Helena/transport/paths';
// the sandbox's contract, read from the vendor's OpenAPI documents (`npm run check:contract` holds it current)
import { contractEndpoints } from '../sandbox/contractCheck';

interface ContractType {
	type: string;
	of?: ContractType;
}
interface ContractEndpoint {
	method: string;
	path: string;
	service?: 'core' | 'chat' | 'crm';
	params?: Record<string, ContractType>;
	query?: Record<string, ContractType>;
}

/*
 * The transport's own tables (the documented addresses with the type of each parameter, and the request
 * fields with a format) must say what the contract says: a UUID parameter the table types as text, or a
 * formatted query parameter it does not list, would let a bad value through.
 */
describe("the transport's tables agree with the contract", () => {
	const endpoints = contractEndpoints() as unknown as ContractEndpoint[];

	test('every address of the contract is in the table of documented paths, each parameter typed as the contract types it', () => {
		const problems: string[] = [];
		for (const { service = 'core', path, params = {} } of endpoints) {
			const typed = path.replace(/\{(\w+)\}/g, (_, name: string) => `{${name}:${params[name]?.type === 'uuid' ? 'uuid' : 'text'}}`);
			if (!DOCUMENTED_PATHS[service].includes(typed)) problems.push(`${service} ${typed}`);
		}
		expect(problems).toEqual([]);
	});

	test('every query parameter the contract types as a UUID or a date-time is checked in the transport', () => {
		const problems: string[] = [];
		for (const { service = 'core', method, path, query = {} } of endpoints) {
			const fields = FORMATTED_FIELDS[`${method} /${service}${path}`] ?? {};
			for (const [name, type] of Object.entries(query)) {
				const format = type.type === 'list' ? type.of?.type : type.type;
				const key = type.type === 'list' ? `?${name}[]` : `?${name}`;
				const wanted = format === 'uuid' ? 'uuid' : format === 'dateTime' ? 'date-time' : undefined;
				if (wanted && fields[key] !== wanted) problems.push(`${method} /${service}${path} ${key}: ${wanted}`);
			}
		}
		expect(problems).toEqual([]);
	});
});
