// Resource-locator searches (`list` mode), one per resource; each returns `{ results, paginationToken }`.
export { searchContacts } from './contactSearch';
export { searchDepartments } from './departmentSearch';
export { searchSubscriptions } from './subscriptionSearch';
export { searchChannels, searchChatbots, searchTags, searchTemplates, searchUsers } from './chatSearch';
export { searchCards, searchLostReasons, searchPanels, searchSteps } from './crmSearch';
export { searchPortfolios, searchSequences } from './listsSearch';
