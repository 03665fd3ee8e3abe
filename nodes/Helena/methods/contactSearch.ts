import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { contactFilterPage, helenaRequest, morePagesAfter, PAGE_SIZE } from '../transport';
import type { PageEnvelope } from '../transport';

/** "Name (phone)", falling back to the other identifiers a contact may have. */
function contactLabel(contact: IDataObject): string {
	const identifier = [contact.phoneNumber, contact.email, contact.instagram].find((value) => typeof value === 'string' && value) as
		string | undefined;
	const name = typeof contact.name === 'string' && contact.name ? contact.name : undefined;
	if (name && identifier) return `${name} (${identifier})`;
	return name ?? identifier ?? String(contact.id);
}

/** The Contact locator's list: contacts matching the typed text, 100 per page. */
export async function searchContacts(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const pageNumber = Number(paginationToken) > 0 ? Number(paginationToken) : 1;
	const body: IDataObject = { orderBy: 'name', orderDirection: 'ASCENDING' };
	if (filter?.trim()) body.textFilter = filter.trim();
	const page = (await helenaRequest.call(this, contactFilterPage(body, pageNumber, PAGE_SIZE))) as PageEnvelope;
	const items = page?.items ?? [];
	return {
		results: items.map((contact) => ({ name: contactLabel(contact), value: String(contact.id) })),
		paginationToken: morePagesAfter(page, pageNumber) ? String(pageNumber + 1) : undefined,
	};
}
