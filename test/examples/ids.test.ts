import { namesIn, repositoryText } from '../engine/repository';

test('every example workflow has an ID of its own, so importing one never replaces another', () => {
	const files = namesIn('examples').filter((file) => file.endsWith('.json'));
	const ids = files.map((file) => (JSON.parse(repositoryText(`examples/${file}`)) as { id: string }).id);
	expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
	expect(ids.length).toBe(files.length);
});
