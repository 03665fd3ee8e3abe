import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const folder = path.join(__dirname, '../../examples');

test('every example workflow has an ID of its own, so importing one never replaces another', () => {
	const files = readdirSync(folder).filter((file) => file.endsWith('.json'));
	const ids = files.map((file) => (JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as { id: string }).id);
	expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
	expect(ids.length).toBe(files.length);
});
