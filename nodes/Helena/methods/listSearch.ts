// Resource-locator searches (`list` mode), one per resource; each returns `{ results, paginationToken }`.
export { searchDepartments } from './departmentSearch';
export { searchSubscriptions } from './subscriptionSearch';
