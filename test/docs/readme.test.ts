import type { ICredentialType, INodeProperties, INodePropertyOptions, INodeType } from 'n8n-workflow';

import { HelenaApi } from '../../credentials/HelenaApi.credentials';
import { Helena } from '../../nodes/Helena/Helena.node';
import { HelenaContactTrigger } from '../../nodes/HelenaContactTrigger/HelenaContactTrigger.node';
import { HelenaTrigger } from '../../nodes/HelenaTrigger/HelenaTrigger.node';
import { namesIn, repositoryModule, repositoryText, textsUnder } from '../engine/repository';
import { runLoadOptions } from '../engine/runMethod';
import { useSandbox } from '../engine/sandbox';
import { contractEndpoints } from '../sandbox/contractCheck';

/*
 * The README's counts and lists, read against the node descriptions: an operation, a resource, an event, a
 * node or a credential field added or renamed in the code fails here until the README says so too.
 */

const readme = repositoryText('README.md');
const packageJson = JSON.parse(repositoryText('package.json')) as {
	n8n: { nodes: string[]; credentials: string[] };
};

/** The text of a README section, from its heading to the next heading of the same or a higher level. */
function section(heading: string): string {
	const level = /^#+/.exec(heading)?.[0].length ?? 2;
	const lines = readme.split('\n');
	const start = lines.indexOf(heading);
	if (start < 0) throw new Error(`README has no heading "${heading}"`);
	const end = lines.findIndex((line, index) => index > start && /^#+ /.test(line) && (/^#+/.exec(line)?.[0].length ?? 0) <= level);
	return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/** Every match of a pattern in a text, as arrays of its groups. */
function matchesOf(text: string, pattern: RegExp): string[][] {
	return [...text.matchAll(pattern)].map((match) => match.slice(1));
}

/** The option names of a description property. */
function optionNames(property: INodeProperties | undefined): string[] {
	return ((property?.options ?? []) as INodePropertyOptions[]).map((option) => option.name);
}

const helenaProperties = new Helena().description.properties;
const resources = (helenaProperties.find((property) => property.name === 'resource')?.options ?? []) as INodePropertyOptions[];

/** The operation names the node offers for one resource, by the resource's label. */
function operationsOf(resourceValue: string): string[] {
	return optionNames(
		helenaProperties.find((property) => property.name === 'operation' && property.displayOptions?.show?.resource?.includes(resourceValue)),
	);
}

const totalOperations = resources.reduce((sum, resource) => sum + operationsOf(String(resource.value)).length, 0);

const sortedNames = (names: string[]) => [...names].sort((a, b) => a.localeCompare(b));

describe('README: the Helena node’s operations match its description', () => {
	const operations = section('## Operations');

	test('every "N operations in M resources" says how many the node has', () => {
		const claims = matchesOf(readme, /\b(\d+)\s+operations\s+in\s+(\d+)\s+resources\b/g);
		expect(claims.length).toBeGreaterThan(0);
		for (const [count, resourceCount] of claims) {
			expect({ operations: Number(count), resources: Number(resourceCount) }).toEqual({
				operations: totalOperations,
				resources: resources.length,
			});
		}
	});

	test('one "### <resource> (N operations)" heading per resource, no other', () => {
		const headings = matchesOf(operations, /^### (.+) \((\d+) operations?\)$/gm).map(([name]) => name);
		expect(sortedNames(headings)).toEqual(sortedNames(resources.map((resource) => resource.name)));
	});

	test.each(resources.map((resource) => [resource.name, String(resource.value)]))(
		'%s: the count in its heading and the operations listed are the ones the node offers',
		(name, value) => {
			const heading = `### ${name} (`;
			const line = operations.split('\n').find((candidate) => candidate.startsWith(heading));
			const count = Number(/\((\d+) operations?\)$/.exec(line ?? '')?.[1]);
			const listed = matchesOf(section(line ?? heading), /^- \*\*(.+?)\*\*:/gm).map(([operation]) => operation);

			expect(count).toBe(operationsOf(value).length);
			expect(sortedNames(listed)).toEqual(sortedNames(operationsOf(value)));
		},
	);
});

describe('README: the documented operations the node does not offer', () => {
	// The vendor's documents are not in the repository; the sandbox's contract (read from them) is, and it holds
	// every request the node sends (each request a test makes is checked against it).
	const notOffered = section('### Documented operations not offered');
	const [documented, count] = (matchesOf(notOffered, /documents\s+(\d+)\s+operations\.[^|]*?but\s+these\s+(\d+)/g)[0] ?? []).map(Number);
	const rows = matchesOf(notOffered, /^\| `([A-Z]+) (\/[^`]+)` +\| (.+?) *\|$/gm);
	const endpointKey = (method: string, path: string) => `${method} ${path.replace(/\{[^}]+\}/g, '{}').toLowerCase()}`;
	const reached = new Set(contractEndpoints().map((endpoint) => endpointKey(endpoint.method, `/${endpoint.service}${endpoint.path}`)));

	test('the count it states is the number of rows, each an endpoint of a service, each once', () => {
		expect(rows.length).toBeGreaterThan(0);
		expect(count).toBe(rows.length);
		for (const [method, path] of rows) expect(`${method} ${path}`).toMatch(/^(GET|POST|PUT|DELETE) \/(core|chat|crm)\/v\d+\/\S+$/);
		expect(new Set(rows.map(([method, path]) => endpointKey(method, path))).size).toBe(rows.length);
	});

	test('no endpoint listed is one the node sends (its contract would have it): the list is not stale', () => {
		const sent = rows.filter(([method, path]) => reached.has(endpointKey(method, path)));
		expect(sent.map(([method, path]) => `${method} ${path}`)).toEqual([]);
	});

	test('the endpoints the node sends and those listed are exactly the documented ones', () => {
		expect(reached.size + rows.length).toBe(documented);
	});

	test('every operation a reason points to ("**Resource → Operation**") is one the node offers', () => {
		const named = rows.flatMap(([, , reason]) => matchesOf(reason, /\*\*([^*→]+?) → ([^*]+?)\*\*/g));
		expect(named.length).toBeGreaterThan(0);
		const missing = named.filter(([resourceName, operation]) => {
			const resource = resources.find((candidate) => candidate.name.replace(/\s*\(.*\)$/, '') === resourceName);
			return !resource || !operationsOf(String(resource.value)).includes(operation);
		});
		expect(missing).toEqual([]);
	});
});

/** The classes package.json ships, loaded from their TypeScript sources (dist/x.js is x.ts). */
function shippedClasses<T>(files: string[]): T[] {
	return files.map((file) => {
		const exported = Object.values(repositoryModule(file.replace(/^dist\//, '').replace(/\.js$/, ''))) as Array<new () => T>;
		if (exported.length !== 1) throw new Error(`${file} should export one class`);
		return new exported[0]();
	});
}

describe('README: the nodes, the credential and its fields', () => {
	const nodeTypes = shippedClasses<INodeType>(packageJson.n8n.nodes);
	const credentialTypes = shippedClasses<ICredentialType>(packageJson.n8n.credentials);

	test('"It adds N nodes and M credential(s)", each named in bold in the list below it', () => {
		const [nodes, credentials] = matchesOf(readme, /It\s+adds\s+(\d+)\s+nodes?\s+and\s+(\d+)\s+credentials?/g)[0] ?? [];
		expect({ nodes: Number(nodes), credentials: Number(credentials) }).toEqual({
			nodes: packageJson.n8n.nodes.length,
			credentials: packageJson.n8n.credentials.length,
		});
		const intro = readme.slice(0, readme.indexOf('\n## '));
		const named = matchesOf(intro, /^- \*\*(.+?)\*\*:/gm).map(([name]) => name);
		expect(sortedNames(named)).toEqual(
			sortedNames([
				...nodeTypes.map((node) => node.description.displayName),
				...credentialTypes.map((credential) => credential.displayName),
			]),
		);
	});

	test('the Credentials table has one row per credential field', () => {
		const rows = matchesOf(section('## Credentials'), /^\| ([^|]+?) +\|/gm)
			.map(([field]) => field)
			.filter((field) => field !== 'Field' && !/^-+$/.test(field));
		expect(sortedNames(rows)).toEqual(
			sortedNames(credentialTypes.flatMap((credential) => credential.properties.map((property) => property.displayName))),
		);
	});
});

describe('README: the events the triggers offer', () => {
	const helena = useSandbox();

	test('Helena Trigger: the documented events named, counted, and each explained by the node', async () => {
		// The trigger's event list is Helena's own (GET /v1/webhook/event, here the sandbox's copy of the
		// documented list), explained in English by the node's getWebhookEvents.
		const offered = await runLoadOptions('getWebhookEvents', { credentials: helena.credentials });
		const trigger = section('### Helena Trigger');
		const [count, list] =
			matchesOf(trigger, /Helena\s+documents\s+(\d+),\s+each\s+explained\s+in\s+English\s+in\s+the\s+list:\s+([^.]+)\./g)[0] ?? [];
		const named = matchesOf(list ?? '', /`([A-Z_]+)`/g).map(([event]) => event);

		expect(Number(count)).toBe(offered.length);
		expect(named).toEqual(offered.map((option) => option.name));
		// an explained event reads "<English meaning> (<Helena's words>)"
		expect(offered.filter((option) => !/\(.+\)$/.test(String(option.description)))).toEqual([]);
		expect(new HelenaTrigger().description.properties.find((property) => property.name === 'events')?.typeOptions?.loadOptionsMethod).toBe(
			'getWebhookEvents',
		);
	});

	test('Helena Contact Trigger: "Trigger On offers N events", named as in the node', () => {
		const properties = new HelenaContactTrigger().description.properties;
		const events = optionNames(properties.find((property) => property.name === 'events'));
		const section_ = section('### Helena Contact Trigger');
		const [count, list] = matchesOf(section_, /\*\*Trigger\s+On\*\*\s+offers\s+(\d+)\s+events?,\s+([^(;]+)/g)[0] ?? [];
		const named = matchesOf(list ?? '', /_([^_]+)_/g).map(([event]) => event);

		expect(Number(count)).toBe(events.length);
		expect(sortedNames(named)).toEqual(sortedNames(events));
	});

	test('Helena Contact Trigger: the statuses its filter offers', () => {
		const filters = new HelenaContactTrigger().description.properties.find((property) => property.name === 'filters');
		const status = (filters?.options as INodeProperties[] | undefined)?.find((option) => option.name === 'status');
		const [list] = matchesOf(section('### Helena Contact Trigger'), /Filters:\s+Status\s+\(([^)]+)\)/g)[0] ?? [];
		const named = (list ?? '').split(',').map((entry) => entry.replace(/\s+by\s+default$/, '').trim());

		expect(sortedNames(named)).toEqual(sortedNames(optionNames(status)));
	});
});

describe('README: Troubleshooting quotes words the user will see', () => {
	test("each quoted message (in italics) is written in the nodes or the credential, or is n8n's as the e2e suite checks it", () => {
		// n8n's own Test Connection words are held by the e2e suite in a real n8n of each line
		const sources = [...textsUnder('nodes'), ...textsUnder('credentials'), repositoryText('test/e2e/suites/2-credential-test.mjs')].join(
			'\n',
		);
		const troubleshooting = section('## Troubleshooting')
			.split('\n### ')[0]
			.replace(/`[^`]*`/g, '')
			.replace(/\s+/g, ' ');
		const quotes = matchesOf(troubleshooting, /(?<![\w])_([^_]+?)_(?!\w)/g).map(([quote]) => quote);
		const fragments = quotes.flatMap((quote) => quote.split('…').map((fragment) => fragment.replace(/^[\s,.:;]+|[\s,.:;]+$/g, '')));

		expect(quotes.length).toBeGreaterThan(5);
		expect(fragments.filter((fragment) => fragment && !sources.includes(fragment))).toEqual([]);
	});
});

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
	return heading
		.toLowerCase()
		.replace(/[^\p{L}\p{N}\s_-]/gu, '')
		.replace(/\s/g, '-');
}

describe('README: links into the README land on a heading', () => {
	const anchors = new Set(matchesOf(readme, /^#+ (.+)$/gm).map(([heading]) => anchorOf(heading)));

	test('its own #links', () => {
		const links = matchesOf(readme, /\]\(#([^)]+)\)/g).map(([anchor]) => anchor);
		expect(links.length).toBeGreaterThan(0);
		expect(links.filter((anchor) => !anchors.has(anchor))).toEqual([]);
	});

	test("the nodes' documentation links (the editor's Docs link) into the README", () => {
		const codex = textsUnder('nodes').join('\n');
		const links = matchesOf(codex, /n8n-nodes-helena#([\w-]+)/g).map(([anchor]) => anchor);
		expect(links.filter((anchor) => anchor !== 'readme' && !anchors.has(anchor))).toEqual([]);
	});
});

describe('README: the example table', () => {
	const TRY = '**Try it with `npm start`:** ';
	const files = namesIn('examples').filter((file) => file.endsWith('.json'));
	const rows = matchesOf(section('## Example workflows'), /^\| \[`([^`]+)`\]\(examples\/([^)]+)\) +\| (.+?) +\| (.+?) +\|$/gm);
	/** The "Try it" paragraph of an example's sticky note, as n8n shows it on the canvas. */
	const tryOf = (file: string) => {
		const workflow = JSON.parse(repositoryText(`examples/${file}`)) as {
			nodes: Array<{ type: string; parameters: { content?: string } }>;
		};
		const notes = workflow.nodes.filter((node) => node.type === 'n8n-nodes-base.stickyNote');
		return notes.map((note) => note.parameters.content?.split(TRY)[1]).find(Boolean);
	};

	test('one row per workflow in examples/, each linking its own file', () => {
		expect(sortedNames(rows.map(([name]) => name))).toEqual(sortedNames(files));
		expect(rows.filter(([name, link]) => name !== link)).toEqual([]);
	});

	test.each(files)("%s: its sticky note says how to try it with npm start, and the README's row says the same", (file) => {
		const said = tryOf(file);
		expect(said).toMatch(/sandbox page|Execute workflow/);
		expect(rows.find(([name]) => name === file)?.[3]).toBe(said);
	});
});

/*
 * What n8n's community listing shows: the npm author, the repository and the documentation links. The
 * repository's owner and name are written once, in package.json's `repository`; everything else is read
 * against it here, so a move or a rename fails until every link follows.
 */
const listed = packageJson as typeof packageJson & {
	name: string;
	homepage: string;
	author: { name: string; email: string };
	repository: { url: string; directory?: string };
	bugs: { url: string };
};

const [, owner, repo] = /^git\+https:\/\/github\.com\/([^/]+)\/([^/]+)\.git$/.exec(listed.repository.url) ?? [];
const repositoryUrl = `https://github.com/${owner}/${repo}`;

/** The anchors GitHub gives the README's headings: lower case, punctuation dropped, spaces as hyphens. */
const readmeAnchors = new Set(
	readme
		.split('\n')
		.filter((line) => /^#{1,6} /.test(line))
		.map((line) =>
			line
				.replace(/^#+ /, '')
				.trim()
				.toLowerCase()
				.replace(/[^\p{L}\p{N} _-]/gu, '')
				.replace(/ /g, '-'),
		),
);

/** The codex files (`*.node.json`) beside the node files package.json registers. */
const codexFiles = listed.n8n.nodes.map((node) => node.replace(/^dist\//, '').replace(/\.node\.js$/, '.node.json'));
const codexOf = (file: string) =>
	JSON.parse(repositoryText(file)) as {
		categories?: string[];
		subcategories?: unknown;
		resources: { primaryDocumentation: Array<{ url: string }>; credentialDocumentation: Array<{ url: string }> };
	};

/** The categories n8n accepts for community nodes (docs.n8n.io, "Node codex files": node categories). */
const COMMUNITY_CATEGORIES = [
	'Analytics',
	'Communication',
	'Data & Storage',
	'Development',
	'Finance & Accounting',
	'Marketing & Content',
	'Miscellaneous',
	'Productivity',
	'Sales',
	'Utility',
];

describe('the package as n8n lists it: author, repository and links to README sections', () => {
	test('package.json names a GitHub repository of its own, called as the package', () => {
		expect(owner).toBeTruthy();
		expect(repo).toBe(listed.name);
		expect(listed.repository.directory).toBeUndefined();
	});

	test('the npm author is the repository owner, with an email, and the home page and issues are on the repository', () => {
		expect(listed.author.name).toBe(owner);
		expect(listed.author.email).toMatch(/^[^\s@]+@[^\s@]+\.[^\s@]+$/);
		expect(listed.homepage).toBe(`${repositoryUrl}#readme`);
		expect(listed.bugs.url).toBe(`${repositoryUrl}/issues`);
	});

	test('the credential documentation is the README section Credentials, on the repository', () => {
		expect(new HelenaApi().documentationUrl).toBe(`${repositoryUrl}#credentials`);
		expect(readmeAnchors).toContain('credentials');
	});

	test.each(codexFiles)('%s links to README sections on the repository', (file) => {
		const { resources } = codexOf(file);
		const urls = [...resources.primaryDocumentation, ...resources.credentialDocumentation].map(({ url }) => url);
		expect(resources.credentialDocumentation).toEqual([{ url: `${repositoryUrl}#credentials` }]);
		expect(resources.primaryDocumentation).toHaveLength(1);
		for (const url of urls) {
			expect(url.startsWith(`${repositoryUrl}#`)).toBe(true);
			expect(readmeAnchors).toContain(url.slice(repositoryUrl.length + 1));
		}
	});

	test.each(codexFiles)('%s uses categories n8n accepts for community nodes, and no subcategories', (file) => {
		const { categories, subcategories } = codexOf(file);
		expect(categories?.length).toBeGreaterThan(0);
		for (const category of categories ?? []) expect(COMMUNITY_CATEGORIES).toContain(category);
		expect(subcategories).toBeUndefined();
	});

	test('every link to the repository in the README, the changelog and docs/ names the repository of package.json', () => {
		const texts = [
			'README.md',
			'CHANGELOG.md',
			...namesIn('docs')
				.filter((file: string) => file.endsWith('.md'))
				.map((file: string) => `docs/${file}`),
		];
		const links = texts.flatMap((file) =>
			[...repositoryText(file).matchAll(/github\.com\/([\w.-]+)\/(n8n-nodes-helena)\b/g)].map(
				(match) => `${file}: ${match[1]}/${match[2]}`,
			),
		);
		expect(links.length).toBeGreaterThan(0);
		expect(links.filter((link) => !link.endsWith(`: ${owner}/${repo}`))).toEqual([]);
	});
});

/*
 * A figure the docs repeat (how many examples, how long the first start takes, how much disk it needs, what a
 * warning quotes) is written once, in the README; the other docs point to it, and what prints or quotes it agrees.
 */
describe('one source for each figure the docs repeat', () => {
	const docs = namesIn('docs')
		.filter((file: string) => file.endsWith('.md'))
		.map((file: string) => ({ file: `docs/${file}`, text: repositoryText(`docs/${file}`) }));
	const stated = (pattern: RegExp) => docs.flatMap(({ file, text }) => [...text.matchAll(pattern)].map((match) => `${file}: ${match[0]}`));

	test('the number of example workflows is stated nowhere (the README lists one row per file), so it never goes stale', () => {
		const counted = /\b(\d+|ten|eleven|twelve) (example workflows|examples)\b/gi;
		expect(stated(counted)).toEqual([]);
		expect([...readme.matchAll(counted)].map((match) => match[0])).toEqual([]);
	});

	test("the first start's time and the free disk it needs are the README's, which docs/ refers to; npm start prints the README's", () => {
		const [, firstStart] = /^The first time takes ([^,.]+),/m.exec(readme) ?? [];
		const [, disk] = /about ([\d.]+ GB) of free disk/.exec(readme) ?? [];
		expect([firstStart, disk]).toEqual([expect.stringMatching(/minutes$/), expect.stringMatching(/GB$/)]);
		expect(stated(/\bGB of free disk\b|\bfirst time takes\b|\bready after \d+ s\b/gi)).toEqual([]);
		expect(repositoryText('scripts/start.mjs')).toContain(`const FIRST_START = '${firstStart}';`);
		// the n8n install, the most of it, says no figure of its own
		expect(repositoryText('scripts/install-n8n.sh').match(/\b\d+ to \d+ minutes\b|\d GB/g)).toBeNull();
	});

	test("the isolated-vm engines the npm install warning is quoted with are those of the lock file's isolated-vm packages", () => {
		const lock = JSON.parse(repositoryText('package-lock.json')) as { packages: Record<string, { engines?: { node?: string } }> };
		const engines = new Set(
			Object.entries(lock.packages)
				.filter(([where]) => where.endsWith('/isolated-vm'))
				.map(([, entry]) => entry.engines?.node),
		);
		const quoted = stated(/isolated-vm[^\n]*(?:\n[^\n]*){0,2}/g)
			.flatMap((text) => [...text.matchAll(/node: '([^']+)'/g)].map((match) => match[1]))
			.filter(Boolean);
		expect(new Set(quoted)).toEqual(engines);
	});
});
